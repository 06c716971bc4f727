/** Calls the API as the administrator, for the set-up a browser test needs before it clicks. */
export type AdminCall = <T = { data: unknown }>(method: string, apiPath: string, body?: unknown) => Promise<T>;

/** Signs the administrator in with a bearer token; the caller fails loudly on any refusal. */
export async function adminApi(baseURL: string, adminPassword: string): Promise<AdminCall> {
  const signedIn = await fetch(`${baseURL}/api/users/authenticate`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userId: "admin", password: adminPassword }),
  });
  if (!signedIn.ok) throw new Error(`admin sign-in: ${signedIn.status} ${await signedIn.text()}`);
  const token = ((await signedIn.json()) as { data: { token: string }[] }).data[0]!.token;
  return async <T,>(method: string, apiPath: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseURL}/api${apiPath}`, {
      method,
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${apiPath}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  };
}
