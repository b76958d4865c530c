// What the access log writes for a request's path: the secrets that travel in
// paths are masked, so the log never holds a key to a player's clips. /p/{token} is the phone page's
// token and /d/{folderId} the share page's folder id; each keeps its first 4 characters, enough to
// tell two requests apart.
const SECRET_IN_PATH = /^(\/(?:p|d)\/)([^/]+)/;

export function loggedPath(path: string): string {
  return path.replace(SECRET_IN_PATH, (_, prefix: string, secret: string) =>
    secret === 'phone.js' ? `${prefix}${secret}` : `${prefix}${secret.slice(0, 4)}…`,
  );
}
