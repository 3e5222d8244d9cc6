import type { OutboxMessage } from './outbox';

/**
 * The service's web pages: self-contained HTML (inline style, no script, nothing
 * loaded from elsewhere — the CSP forbids it), in French like the platform's
 * trainees see it. Every dynamic value goes through `escape`.
 */
export function escape(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1d2733}
main{max-width:46rem;margin:2rem auto;background:#fff;padding:1.5rem 2rem;border-radius:8px;box-shadow:0 1px 4px #0002}
h1{font-size:1.4rem;margin-top:0}label{display:block;margin:.8rem 0 .2rem}
input{width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem}
button{margin-top:1rem;padding:.5rem 1.2rem;font-size:1rem;background:#1565c0;color:#fff;border:0;border-radius:4px}
.badge{display:inline-block;background:#ef6c00;color:#fff;border-radius:4px;padding:0 .4rem;font-size:.8rem}
.error{color:#b71c1c}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.3rem;border-bottom:1px solid #ddd;vertical-align:top}
code{background:#eef;padding:0 .2rem}`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)} — plateforme (formation)</title><style>${STYLE}</style></head>
<body><main><p><span class="badge">Formation</span> Plateforme des bornes — bac à sable</p><h1>${escape(title)}</h1>
${body}
</main></body></html>`;
}

export function loginPage(error?: string): string {
  return layout(
    'Connexion',
    `${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/web-auth/login">
<label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="username" required>
<label for="password">Mot de passe</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Se connecter</button>
</form>
<p><a href="/tools">Outils</a></p>`,
  );
}

export function setPasswordPage(email: string, token: string): string {
  return layout(
    'Choisir un mot de passe',
    `<form method="post" action="/users/set-password">
<label for="email">E-mail</label><input id="email" name="email" type="email" value="${escape(email)}" required>
<input type="hidden" name="token" value="${escape(token)}">
<label for="password">Nouveau mot de passe (8 caractères au moins)</label>
<input id="password" name="password" type="password" minlength="8" autocomplete="new-password" required>
<button type="submit">Enregistrer</button>
</form>`,
  );
}

export function messagePage(title: string, message: string, link: { href: string; label: string }): string {
  return layout(title, `<p>${escape(message)}</p><p><a href="${escape(link.href)}">${escape(link.label)}</a></p>`);
}

export interface ToolsView {
  signedInAs: { email: string; role: string; licenceId: number | null } | null;
  outbox: readonly OutboxMessage[];
}

const DATA_LINKS = ['licences', 'users', 'integrations/publisher', 'integrations/testserveur', 'kiosk'];

export function toolsPage(view: ToolsView): string {
  const session = view.signedInAs
    ? `<p>Connecté(e) : <strong>${escape(view.signedInAs.email)}</strong> (${escape(view.signedInAs.role)}, licence ${view.signedInAs.licenceId ?? '—'})
 — <a href="/web-auth/logout">se déconnecter</a></p>
<ul>${DATA_LINKS.map((name) => `<li><a href="/web-auth/data/${name}">/web-auth/data/${name}</a></li>`).join('')}</ul>`
    : '<p>Non connecté(e) — <a href="/login">se connecter</a> pour lire les données de la licence.</p>';
  const rows = view.outbox
    .slice(-10)
    .reverse()
    .map(
      (message) =>
        `<tr><td>${escape(message.sentAt)}</td><td>${escape(message.to)}</td><td>${escape(message.subject)}</td><td>${
          message.link ? `<a href="${escape(message.link)}">ouvrir le lien</a>` : ''
        }</td></tr>`,
    )
    .join('');
  return layout(
    'Outils',
    `${session}
<h2>API</h2>
<ul><li><a href="/swagger.json">/swagger.json</a> — description OpenAPI 3.0</li>
<li><a href="/sandbox/outbox">/sandbox/outbox</a> — e-mails envoyés (bac à sable)</li></ul>
<h2>Derniers e-mails</h2>
${rows ? `<table><tr><th>Envoyé</th><th>À</th><th>Objet</th><th></th></tr>${rows}</table>` : '<p>Aucun e-mail envoyé.</p>'}`,
  );
}
