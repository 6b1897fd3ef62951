import type { DocumentScope, OpenApiDocument } from './document';

// The reference page at /api/docs: plain HTML rendered on the server from the document, with
// an inline stylesheet and no script, so it works offline and under the site's CSP
// (docs/openapi.md).

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const SCHEMA_REF = '#/components/schemas/';
const anchor = (name: string) => `schema-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** A JSON value as indented HTML; `$ref`s to components become links to their section. */
function renderJson(value: unknown, indent = ''): string {
  if (value === null || typeof value !== 'object') return escapeHtml(JSON.stringify(value));
  const next = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const flat = value.every((item) => item === null || typeof item !== 'object');
    if (flat) return escapeHtml(JSON.stringify(value));
    return `[\n${value.map((item) => next + renderJson(item, next)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  const lines = entries.map(([key, item]) => {
    const rendered =
      key === '$ref' && typeof item === 'string' && item.startsWith(SCHEMA_REF)
        ? `<a href="#${anchor(item.slice(SCHEMA_REF.length))}">${escapeHtml(JSON.stringify(item))}</a>`
        : renderJson(item, next);
    return `${next}${escapeHtml(JSON.stringify(key))}: ${rendered}`;
  });
  return `{\n${lines.join(',\n')}\n${indent}}`;
}

const schemaBlock = (label: string, schema: unknown) =>
  `<details><summary>${escapeHtml(label)}</summary><pre>${renderJson(schema)}</pre></details>`;

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Array<{
    name: string;
    in: string;
    required?: boolean;
    description?: string;
    schema?: unknown;
  }>;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<
    string,
    { description?: string; content?: Record<string, { schema?: unknown }> }
  >;
}

const METHODS = ['get', 'post', 'put', 'delete'] as const;

function renderOperation(method: string, path: string, op: Operation): string {
  const id = `${method}-${path}`.replace(/[^A-Za-z0-9_-]/g, '-');
  const parts = [
    `<section class="op" id="${escapeHtml(id)}">`,
    `<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code>${op.security ? ' <span class="lock">admin</span>' : ''}</h3>`,
    `<p>${escapeHtml(op.summary ?? '')}</p>`,
  ];
  if (op.description) parts.push(`<p class="note">${escapeHtml(op.description)}</p>`);
  if (op.parameters?.length) {
    parts.push(
      '<table><thead><tr><th>Parameter</th><th>Di</th><th>Wajib</th><th>Skema</th></tr></thead><tbody>',
      ...op.parameters.map(
        (p) =>
          `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${p.required ? 'ya' : 'tidak'}</td><td><code>${escapeHtml(JSON.stringify(p.schema ?? {}))}</code>${p.description ? ` ${escapeHtml(p.description)}` : ''}</td></tr>`,
      ),
      '</tbody></table>',
    );
  }
  for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
    parts.push(schemaBlock(`Isi permintaan (${type})`, media.schema ?? {}));
  }
  parts.push('<ul class="responses">');
  for (const [status, response] of Object.entries(op.responses ?? {})) {
    const media = Object.entries(response.content ?? {});
    parts.push(
      `<li><strong>${escapeHtml(status)}</strong> ${escapeHtml(response.description ?? '')}${media
        .map(([type, m]) => schemaBlock(type, m.schema ?? {}))
        .join('')}</li>`,
    );
  }
  parts.push('</ul></section>');
  return parts.join('\n');
}

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1a1b1e;background:#f8f9fa}
header,main{max-width:960px;margin:0 auto;padding:16px}
header{border-bottom:1px solid #dee2e6}
h1{font-size:1.5rem;margin:0 0 4px}
h2{margin-top:32px;border-bottom:1px solid #dee2e6}
h3{font-size:1rem;margin:0 0 4px;word-break:break-all}
.op{background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:12px;margin:12px 0}
.method{display:inline-block;min-width:4.5em;text-align:center;border-radius:4px;color:#fff;font-size:.8rem;padding:2px 6px}
.get{background:#1c7ed6}.post{background:#2f9e44}.put{background:#e8590c}.delete{background:#c92a2a}
.lock{font-size:.75rem;border:1px solid #868e96;border-radius:4px;padding:0 4px;color:#495057}
.note{color:#495057}
table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{text-align:left;border-top:1px solid #e9ecef;padding:4px;vertical-align:top}
pre{background:#f1f3f5;padding:8px;overflow:auto;font-size:.8rem}
td code{white-space:pre-wrap;font-size:.8rem}
nav ul{columns:2;padding-left:18px}
a{color:#1864ab}
`;

/** The whole reference page for `document`, grouped by tag, then the schemas. */
export function renderDocsPage(document: OpenApiDocument, scope: DocumentScope): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const op = (item as Record<string, Operation | undefined>)[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'Lainnya';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push(renderOperation(method, path, op));
    }
  }
  // The public sections first, then the back office's (a stable sort keeps each group's order).
  const tags = [...byTag.keys()].sort(
    (a, b) => Number(a.startsWith('Admin')) - Number(b.startsWith('Admin')),
  );
  const schemas = Object.entries(document.components?.schemas ?? {});
  const scopeNote =
    scope === 'full'
      ? 'Anda masuk sebagai admin: halaman ini memuat rute publik dan rute admin.'
      : 'Halaman ini memuat rute publik. <a href="/admin/login">Masuk sebagai admin</a> lalu buka lagi halaman ini untuk melihat rute admin.';
  return `<!doctype html>
<html lang="id">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Referensi API DiskonRadar</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>Referensi API DiskonRadar</h1>
<p>OpenAPI ${escapeHtml(document.openapi)}, versi ${escapeHtml(document.info.version)}. Dokumen mesin: <a href="/api/openapi.json">/api/openapi.json</a>. ${scopeNote}</p>
<p>JSON masuk dan keluar. Galat berbentuk <code>{"message": "..."}</code>, galat validasi 400 juga per kolom: <code>{"message": "...", "errors": {"kolom": "pesan"}}</code>.</p>
</header>
<main>
<nav><ul>${tags.map((tag) => `<li><a href="#tag-${anchor(tag)}">${escapeHtml(tag)}</a></li>`).join('')}${schemas.length ? '<li><a href="#schemas">Skema</a></li>' : ''}</ul></nav>
${tags.map((tag) => `<h2 id="tag-${anchor(tag)}">${escapeHtml(tag)}</h2>\n${byTag.get(tag)!.join('\n')}`).join('\n')}
<h2 id="schemas">Skema</h2>
${schemas.map(([name, schema]) => `<section class="op" id="${anchor(name)}"><h3><code>${escapeHtml(name)}</code></h3><pre>${renderJson(schema)}</pre></section>`).join('\n')}
</main>
</body>
</html>
`;
}
