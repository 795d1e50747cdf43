import type { RouteName, RouteOutput } from '@pinboard/shared/contract';
import {
  ApiError,
  ensureCsrfCookie,
  inPageLanguage,
  parseEnvelope,
  resourceUrl,
  withoutUndefined,
  type ApiResult,
  type Uploaded,
  type UploadingResource,
} from './api';
import { TEXTS } from './texts';

/**
 * POST multipart/form-data, reporting upload progress (0–1): fetch cannot
 * tell how much of a request body was sent, so this uses XMLHttpRequest.
 */
export async function uploadWithProgress<R extends UploadingResource>(
  name: R,
  options: Record<string, unknown>,
  files: Record<string, Blob>,
  onProgress: (sent: number) => void,
): Promise<ApiResult<Uploaded<R>>> {
  const form = new FormData();
  form.append('options', JSON.stringify(withoutUndefined(options)));
  for (const [field, file] of Object.entries(files)) form.append(field, file);
  return sendForm<Uploaded<R>>(resourceUrl(name, 'create'), form, onProgress);
}

/** The same for a plain POST route of the shared contract (decision 079) that takes a form: its fields, files among them. */
export function uploadToRoute<K extends RouteName & `POST ${string}`>(
  name: K,
  fields: Record<string, string | Blob>,
  onProgress: (sent: number) => void,
): Promise<ApiResult<RouteOutput<K>>> {
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  return sendForm<RouteOutput<K>>(name.slice('POST '.length), form, onProgress);
}

async function sendForm<T>(url: string, form: FormData, onProgress: (sent: number) => void): Promise<ApiResult<T>> {
  const token = await ensureCsrfCookie();
  return new Promise<ApiResult<T>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('X-CSRFToken', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError({ httpStatus: 0, code: 0, message: TEXTS.networkError }));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      try {
        resolve(parseEnvelope<T>(body, xhr.status));
      } catch (err) {
        void inPageLanguage(err).then(reject);
      }
    };
    xhr.send(form);
  });
}
