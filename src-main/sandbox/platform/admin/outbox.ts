import type { OutboxMessageBody } from '../../../../src-shared/platform/admin';
import type { UserRecord } from './accounts';
import type { OneTimePurpose } from './one-time-tokens';

export type OutboxMessage = OutboxMessageBody;

/** Path of the sandbox's set-password page that invitation and reset links open. */
export const SET_PASSWORD_PAGE = '/set-password';

/** A message as sent: its link is made when it is read (see `messages`). */
interface SentMessage extends Omit<OutboxMessage, 'text' | 'link'> {
  kind: OneTimePurpose;
  token: string;
  opening: string;
  expiresAt: Date;
}

/**
 * The sandbox's mail catcher: e-mails are kept in memory, in order, for the tools page,
 * `GET /sandbox/outbox` and tests. Addresses under the reserved `.invalid` TLD
 * (RFC 2606) are unreachable, so a trainee can see the "e-mail unreachable" refusal.
 */
export class Outbox {
  readonly #sent: SentMessage[] = [];
  readonly #now: () => Date;
  readonly #publicUrl: () => string;

  constructor(now: () => Date, publicUrl: () => string) {
    this.#now = now;
    this.#publicUrl = publicUrl;
  }

  static reachable(email: string): boolean {
    return !/\.invalid$/i.test(email.trim());
  }

  /**
   * The e-mails sent, oldest first. Links are written with the platform's URL as it is
   * when they are read: the seeded invitations go out before the platform listens.
   */
  get messages(): OutboxMessage[] {
    const base = this.#publicUrl();
    return this.#sent.map(({ opening, expiresAt, ...message }) => {
      const link = `${base}${SET_PASSWORD_PAGE}?${new URLSearchParams({ email: message.to, token: message.token }).toString()}`;
      return { ...message, text: `${opening}\n${link}\n\nCe lien est valable jusqu'au ${expiresAt.toISOString()} et ne sert qu'une fois.`, link };
    });
  }

  sendToken(kind: OneTimePurpose, user: UserRecord, token: string, expiresAt: Date): void {
    const hello = user.firstName ? `Bonjour ${user.firstName},` : 'Bonjour,';
    const [subject, body] =
      kind === 'invitation'
        ? ['Invitation à la plateforme des bornes', 'vous êtes invité(e) à rejoindre la plateforme. Choisissez votre mot de passe :']
        : ['Réinitialisation de votre mot de passe', 'pour choisir un nouveau mot de passe, ouvrez ce lien :'];
    this.#sent.push({
      id: this.#sent.length + 1,
      to: user.email,
      subject: `${subject} (formation)`,
      opening: `${hello}\n\n${body}`,
      token,
      kind,
      expiresAt,
      sentAt: this.#now().toISOString(),
    });
  }
}
