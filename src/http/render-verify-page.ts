/**
 * The page a verification link lands on. Static text only — nothing from the request is echoed —
 * so it needs no escaping and runs under a CSP that allows no script at all.
 */
export function renderVerifyPage(verified: boolean, publicUrl: string): string {
  const title = verified ? 'Your e-mail address is confirmed' : 'This link no longer works';
  const body = verified
    ? '<p>Thank you. You can now sign in and create an API key.</p>'
    : '<p>The link is invalid, was already used, or is older than 24 hours. Sign in and ask for a new one, or send <code>POST /api/auth/resend-verification</code> with your address.</p>';
  const home = new URL('/', publicUrl).toString();
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2937}h1{font-size:1.5rem}a{color:#1a56db}</style>
</head>
<body>
<main>
<h1>${title}</h1>
${body}
<p><a href="${home}">Back to the invoice service</a></p>
</main>
</body>
</html>
`;
}
