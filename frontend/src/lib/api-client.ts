import type { z } from 'zod';
import { env } from '@/config/env';
import { GENERIC_MESSAGE } from '@swarm/proto/labels/answers';

/** Thrown for every non-2xx answer, so callers can branch on `status` (spec §8 maps statuses to messages). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

/** What a visitor is told when an answer does not have the shape this page was built for. */
export const invalidResponseMessage = 'The server sent an answer this page could not read. Please refresh the page and try again.';

/**
 * Thrown when a 2xx answer does not match its endpoint's schema (a proxy's page, a newer or older gateway): the page
 * shows its handled error rather than failing somewhere in rendering. The details are for developers only.
 */
export class InvalidResponseError extends Error {
  override readonly name = 'InvalidResponseError';

  constructor(
    readonly endpoint: string,
    readonly details: string,
  ) {
    super(invalidResponseMessage);
  }
}

/** Checks an answer against the endpoint's schema (one per endpoint, in the feature's api/ file). */
export function parseResponse<TSchema extends z.ZodType>(schema: TSchema, data: unknown, endpoint: string): z.output<TSchema> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`).join('; ');
  console.warn(`Unexpected answer from ${endpoint}: ${details}`);
  throw new InvalidResponseError(endpoint, details);
}

export type ApiRequestBody = FormData | object;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: ApiRequestBody;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The status is kept because some successes differ by it (208 = swarm already reported, spec §4). */
export interface ApiResponse<TData> {
  status: number;
  data: TData;
}

const fallbackErrorMessage = GENERIC_MESSAGE;

export async function apiRequest<TData>(path: string, options: ApiRequestOptions = {}): Promise<ApiResponse<TData>> {
  const { method = 'GET', body, headers = {}, signal } = options;
  const requestHeaders: Record<string, string> = { Accept: 'application/json', ...headers };
  let requestBody: BodyInit | undefined;
  if (body instanceof FormData) {
    // The browser must write the multipart boundary itself, so no Content-Type here.
    requestBody = body;
  } else if (body !== undefined) {
    requestHeaders['Content-Type'] = 'application/json';
    requestBody = JSON.stringify(body);
  }

  const response = await fetch(joinUrl(env.apiBaseUrl, path), {
    method,
    headers: requestHeaders,
    body: requestBody,
    credentials: 'include',
    signal,
  });
  const data = await readBody(response);
  if (!response.ok) {
    throw new ApiError(response.status, extractServerMessage(data) ?? fallbackErrorMessage, data);
  }
  return { status: response.status, data: data as TData };
}

/** The request never got an answer: the connection dropped, stalled or was never made. Sending again may help. */
export class ConnectionLostError extends Error {
  override readonly name = 'ConnectionLostError';
}

export interface UploadOptions {
  /** Called as the body goes up, with the share sent so far (0 to 1). */
  onUploadProgress?: (sent: number) => void;
  /** With no byte going up for this long, the connection counts as lost (a phone in a tunnel keeps it open for minutes). */
  stallTimeoutMs?: number;
}

const UPLOAD_STALL_TIMEOUT_MS = 30_000;

/**
 * POST of a multipart body with upload progress, which fetch does not report: by XMLHttpRequest. Answers and
 * failures read as apiRequest's do; a request that got no answer rejects with ConnectionLostError.
 */
export function apiUpload<TData>(path: string, body: FormData, options: UploadOptions = {}): Promise<ApiResponse<TData>> {
  const { onUploadProgress, stallTimeoutMs = UPLOAD_STALL_TIMEOUT_MS } = options;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    let stall: ReturnType<typeof setTimeout> | undefined;
    const watchForStall = () => {
      clearTimeout(stall);
      stall = setTimeout(() => request.abort(), stallTimeoutMs);
    };
    const lost = () => {
      clearTimeout(stall);
      reject(new ConnectionLostError('The connection was lost before the server answered.'));
    };
    request.open('POST', joinUrl(env.apiBaseUrl, path));
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      watchForStall();
      if (event.lengthComputable && event.total > 0) onUploadProgress?.(event.loaded / event.total);
    });
    // Once the body is up, the server takes its time (it re-encodes the picture): no stall watch on the answer.
    request.upload.addEventListener('load', () => clearTimeout(stall));
    request.addEventListener('error', lost);
    request.addEventListener('abort', lost);
    request.addEventListener('timeout', lost);
    request.addEventListener('load', () => {
      clearTimeout(stall);
      const data = parseBody(request.responseText, request.getResponseHeader('Content-Type') ?? '');
      if (request.status < 200 || request.status >= 300) {
        reject(new ApiError(request.status, extractServerMessage(data) ?? fallbackErrorMessage, data));
        return;
      }
      resolve({ status: request.status, data: data as TData });
    });
    watchForStall();
    request.send(body);
  });
}

export const apiClient = {
  get: async <TData>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    (await apiRequest<TData>(path, { ...options, method: 'GET' })).data,
  post: async <TData>(path: string, body?: ApiRequestBody, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    (await apiRequest<TData>(path, { ...options, method: 'POST', body })).data,
  put: async <TData>(path: string, body?: ApiRequestBody, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    (await apiRequest<TData>(path, { ...options, method: 'PUT', body })).data,
  delete: async <TData>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    (await apiRequest<TData>(path, { ...options, method: 'DELETE' })).data,
};

function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

async function readBody(response: Response): Promise<unknown> {
  return parseBody(await response.text(), response.headers.get('Content-Type') ?? '');
}

function parseBody(text: string, contentType: string): unknown {
  if (text === '') return undefined;
  if (contentType.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** Only a JSON answer of ours carries a message meant for people; a proxy's HTML error page or status text does not. */
function extractServerMessage(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null) {
    for (const key of ['message', 'error'] as const) {
      const value = (body as Record<string, unknown>)[key];
      if (typeof value === 'string' && value.trim() !== '') return value;
    }
  }
  return undefined;
}
