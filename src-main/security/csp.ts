/**
 * The renderer's Content Security Policy, served as a header by the app:// protocol
 * and the preview host, and injected as a meta tag at build time. Styles allow
 * 'unsafe-inline' because Vuetify writes its theme into a <style> element; scripts
 * never do.
 */
const directives: Record<string, string> = {
  'default-src': "'none'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'font-src': "'self' data:",
  'img-src': "'self' data: blob:",
  'media-src': "'self' data:",
  'connect-src': "'self'",
  'worker-src': "'self'",
  'manifest-src': "'self'",
  'base-uri': "'none'",
  'form-action': "'none'",
  'object-src': "'none'",
  'frame-src': "'none'",
};

function render(extra: Record<string, string> = {}): string {
  return Object.entries({ ...directives, ...extra })
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

/** For a <meta> tag, where `frame-ancestors` is ignored. */
export const CSP_META = render();
/** For HTTP response headers. */
export const CSP_HEADER = render({ 'frame-ancestors': "'none'" });
