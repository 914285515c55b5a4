import { MongoServerError } from 'mongodb';

/** E11000: a unique index refused the write, which every service's repositories read as "already there". */
export function isDuplicateKeyError(error: unknown): error is MongoServerError {
  return error instanceof MongoServerError && error.code === 11000;
}
