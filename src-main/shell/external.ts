import { logger } from '../log';

const log = logger('external');

/**
 * The only way the app opens anything outside itself. A URL opens in the system
 * browser only when it is https and its origin was allowlisted (e.g. the platform's
 * own administration pages); everything else is refused and logged by origin only.
 */
export class ExternalLinks {
  private readonly allowed = new Set<string>();

  constructor(private readonly open: (url: string) => Promise<void>) {}

  allowOrigin(url: string): void {
    try {
      const parsed = new URL(url);
      if (parsed.protocol === 'https:') this.allowed.add(parsed.origin);
    } catch {
      // Not a URL: nothing to allow.
    }
  }

  isAllowed(url: string): boolean {
    try {
      const parsed = new URL(url);
      return parsed.protocol === 'https:' && this.allowed.has(parsed.origin) && parsed.username === '' && parsed.password === '';
    } catch {
      return false;
    }
  }

  async openSafely(url: string): Promise<boolean> {
    if (!this.isAllowed(url)) {
      log.warn('refused to open an external link', { scheme: url.split(':')[0] ?? '' });
      return false;
    }
    await this.open(url);
    return true;
  }
}
