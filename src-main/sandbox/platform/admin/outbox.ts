import type { OutboxMessageBody } from '../../../../src-shared/platform/admin';
import type { UserRecord } from './accounts';
import type { OneTimePurpose } from './one-time-tokens';

export type OutboxMessage = OutboxMessageBody;

/** Path of the sandbox's set-password page that invitation and reset links open. */
export const SET_PASSWORD_PAGE = '/set-password';

/**
 * The sandbox's mail catcher: e-mails are kept in memory, in order, for the tools page,
 * `GET /sandbox/outbox` and tests. Addresses under the reserved `.invalid` TLD
 * (RFC 2606) are unreachable, so a trainee can see the "e-mail unreachable" refusal.
 */
export class Outbox {
  readonly messages: OutboxMessage[] = [];
  readonly #now: () => Date;
  readonly #publicUrl: () => string;

  constructor(now: () => Date, publicUrl: () => string) {
    this.#now = now;
    this.#publicUrl = publicUrl;
  }

  static reachable(email: string): boolean {
    return !/\.invalid$/i.test(email.trim());
  }

  sendToken(kind: OneTimePurpose, user: UserRecord, token: string, expiresAt: Date): OutboxMessage {
    const link = `${this.#publicUrl()}${SET_PASSWORD_PAGE}?${new URLSearchParams({ email: user.email, token }).toString()}`;
    const hello = user.firstName ? `Bonjour ${user.firstName},` : 'Bonjour,';
    const [subject, body] =
      kind === 'invitation'
        ? ['Invitation à la plateforme des bornes', 'vous êtes invité(e) à rejoindre la plateforme. Choisissez votre mot de passe :']
        : ['Réinitialisation de votre mot de passe', 'pour choisir un nouveau mot de passe, ouvrez ce lien :'];
    const message: OutboxMessage = {
      id: this.messages.length + 1,
      to: user.email,
      subject: `${subject} (formation)`,
      text: `${hello}\n\n${body}\n${link}\n\nCe lien est valable jusqu'au ${expiresAt.toISOString()} et ne sert qu'une fois.`,
      token,
      kind,
      link,
      sentAt: this.#now().toISOString(),
    };
    this.messages.push(message);
    return message;
  }
}
