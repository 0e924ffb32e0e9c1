// The JSON API, with the server's error message kept when a request is refused.

export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

export async function request(method, url, body) {
  const init = { method, headers: { Accept: "application/json" } };
  if (body instanceof FormData) {
    init.body = body; // multipart: the browser sets the boundary
  } else if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(url, init);
  } catch (err) {
    throw new ApiError(`The server did not answer (${err.message}).`, 0);
  }
  if (response.status === 204) return null;
  let data = null;
  try {
    data = await response.json();
  } catch {
    throw new ApiError(`The server sent something that is not JSON (status ${response.status}).`, response.status);
  }
  if (!response.ok) throw new ApiError(data && data.error ? data.error : `status ${response.status}`, response.status);
  return data;
}

export const getJSON = (url) => request("GET", url);
export const postJSON = (url, body) => request("POST", url, body ?? {});
export const postForm = (url, form) => request("POST", url, form);
export const deleteJSON = (url) => request("DELETE", url);
