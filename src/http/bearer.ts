/**
 * The credential of an `Authorization: Bearer <token>` header: the token; null when the
 * header says Bearer but the token is malformed; undefined when there is no Bearer header
 * (none at all, or another scheme such as Basic from a proxy, which is not ours).
 */
export function bearerToken(authorization: string): string | null | undefined {
  if (!/^Bearer\b/i.test(authorization)) return undefined;
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] ?? null;
}
