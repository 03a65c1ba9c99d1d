import type { APIRequestContext } from "@playwright/test";

/** Signs in through next-auth's credentials endpoint, as the browser form does; returns the session's user. */
export async function signInViaApi(
  request: APIRequestContext,
  baseURL: string,
  email: string,
  password: string,
) {
  const { csrfToken } = (await (await request.get(`${baseURL}/api/auth/csrf`)).json()) as {
    csrfToken: string;
  };
  await request.post(`${baseURL}/api/auth/callback/credentials`, {
    form: { csrfToken, email, password, json: "true" },
    maxRedirects: 0,
  });
  const session = (await (await request.get(`${baseURL}/api/auth/session`)).json()) as {
    user?: { email?: string };
  };
  return session.user ?? null;
}
