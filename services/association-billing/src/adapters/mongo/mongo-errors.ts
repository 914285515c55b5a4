import { MongoServerError } from 'mongodb';

/** E11000: a unique index refused the write. */
export function isDuplicateKeyError(error: unknown): boolean {
  return error instanceof MongoServerError && error.code === 11000;
}
