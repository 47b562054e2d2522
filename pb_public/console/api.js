// The console's only way to the server: PocketBase's JS SDK for the owner's login, fetch for
// our /api/admin endpoints with the owner's token, turning the error envelope
// {"error":{"code","message"}} into an ApiError the views show as it is, and the contract the
// server serves (/openapi.json) for the lists it defines (scopes, event types).
import PocketBase, { ClientResponseError } from './vendor/pocketbase.es.mjs';

/** pb is the SDK client; its LocalAuthStore keeps the owner's token (nothing else is stored). */
export const pb = new PocketBase('/');
pb.autoCancellation(false);

/** ApiError is a failed admin call: HTTP status, the envelope's code and message. */
export class ApiError extends Error {
  constructor(status, code, message, requestId = '') {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.requestId = requestId;
  }
}

/** UNREACHABLE is the message of a request that got no answer. */
const UNREACHABLE = 'The server could not be reached. Check that it is running and try again.';

let unauthorized = () => {};

/** onUnauthorized sets what happens when the server no longer accepts the owner's token. */
export function onUnauthorized(fn) {
  unauthorized = fn;
}

/**
 * admin calls /api/admin{path} and returns the body's `data` (null for 204). Errors are
 * ApiErrors; a 401 also ends the session (the token expired or was revoked).
 */
export async function admin(method, path, body) {
  const { payload, requestId, status } = await adminRequest(method, path, body);
  if (status === 204) return null;
  if (!payload || typeof payload !== 'object' || !('data' in payload)) {
    throw new ApiError(status, 'unexpected_response', 'The server sent an answer the console does not understand.', requestId);
  }
  return payload.data;
}

/** adminBody is admin for an endpoint whose success body is the object itself (v2 style). */
export async function adminBody(method, path, body) {
  return (await adminRequest(method, path, body)).payload;
}

/** adminRequest sends the request and turns a failure into an ApiError. */
async function adminRequest(method, path, body) {
  const headers = { Accept: 'application/json', Authorization: pb.authStore.token };
  const init = { method, headers, cache: 'no-store', credentials: 'omit' };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(`/api/admin${path}`, init);
  } catch {
    throw new ApiError(0, 'network_error', UNREACHABLE);
  }
  const requestId = res.headers.get('X-Request-Id') || '';
  if (res.status === 204) return { payload: null, requestId, status: 204 };
  let payload = null;
  try {
    payload = await res.json();
  } catch {
    // not JSON: handled below
  }
  if (!res.ok) {
    const env = payload && payload.error;
    let message = (env && env.message) || `The server answered ${res.status} ${res.statusText || ''}`.trim();
    const retryAfter = Number(res.headers.get('Retry-After'));
    if (res.status === 429 && retryAfter > 0) message += `: try again in ${retryAfter} s`;
    const err = new ApiError(res.status, (env && env.code) || `http_${res.status}`, message, requestId);
    if (res.status === 401) unauthorized(err);
    throw err;
  }
  return { payload, requestId, status: res.status };
}

/**
 * downloadExport fetches the site archive (GET /api/admin/export) and hands it to the browser
 * as a download, under the name the server gives it.
 */
export function downloadExport() {
  return download('/export', 'site.zip');
}

/**
 * download fetches GET /api/admin{path} and hands the file to the browser as a download, under
 * the name the server gives it (fallbackName when it gives none).
 */
export async function download(path, fallbackName) {
  let res;
  try {
    res = await fetch(`/api/admin${path}`, { headers: { Authorization: pb.authStore.token }, cache: 'no-store', credentials: 'omit' });
  } catch {
    throw new ApiError(0, 'network_error', UNREACHABLE);
  }
  if (!res.ok) return adminRequest('GET', path); // the same failure, as an ApiError
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') || '')?.[1] || fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

let contractSchemas; // the promise of the contract's components.schemas, fetched once

/**
 * schemaValues returns the values of the contract's schema name, in its order, as
 * [{name, text}]: each value of its enum with what it means (its x-enumDescriptions).
 */
export async function schemaValues(name) {
  contractSchemas ??= fetchContractSchemas().catch((err) => {
    contractSchemas = undefined; // the next call tries again
    throw err;
  });
  const schema = (await contractSchemas)[name];
  if (!Array.isArray(schema?.enum)) {
    throw new ApiError(0, 'unexpected_response', `The API contract (/openapi.json) has no list of ${name} values.`);
  }
  const texts = schema['x-enumDescriptions'] ?? {};
  return schema.enum.map((value) => ({ name: value, text: texts[value] ?? '' }));
}

async function fetchContractSchemas() {
  let res;
  try {
    res = await fetch('/openapi.json', { headers: { Accept: 'application/json' }, credentials: 'omit' });
  } catch {
    throw new ApiError(0, 'network_error', UNREACHABLE);
  }
  const doc = res.ok ? await res.json().catch(() => null) : null;
  const schemas = doc?.components?.schemas;
  if (!schemas || typeof schemas !== 'object') {
    throw new ApiError(res.status, res.ok ? 'unexpected_response' : `http_${res.status}`,
      'The API contract (/openapi.json) could not be read, so the console cannot list the choices the server offers.');
  }
  return schemas;
}

/** loginError is the owner-facing text of a failed PocketBase login. */
export function loginError(err) {
  if (err instanceof ClientResponseError) {
    if (err.status === 400) return 'Wrong email or password (or this account is not the owner’s).';
    if (err.status === 429) return 'Too many login attempts: wait a minute, then try again.';
    if (err.status === 0) return UNREACHABLE;
    return err.message || `Login failed (HTTP ${err.status}).`;
  }
  return (err && err.message) || 'Login failed.';
}

/** login signs the owner in as a PocketBase superuser. */
export async function login(email, password) {
  await pb.collection('_superusers').authWithPassword(email, password);
}

/** resume checks a stored session with the server; false when there is none or it ended. */
export async function resume() {
  if (!pb.authStore.isValid || !pb.authStore.isSuperuser) {
    pb.authStore.clear();
    return false;
  }
  try {
    await pb.collection('_superusers').authRefresh();
    return true;
  } catch (err) {
    if (err instanceof ClientResponseError && err.status === 0) return true; // offline: keep it
    pb.authStore.clear();
    return false;
  }
}

/** logout forgets the owner's token. */
export function logout() {
  pb.authStore.clear();
}
