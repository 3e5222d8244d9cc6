import { useI18n } from 'vue-i18n';
import { KEY_OF_MOVE, keyOf, rowMoves, type KeyDecision, type RowMove } from '../model/moves';

/** The words of the row moves: a button's label, and the one line saying why a key did nothing. */
export function useMoveText(): { label: (move: RowMove) => string; refusal: (decision: KeyDecision & { ok: false }, desks: boolean) => string } {
  const { t } = useI18n();
  const label = (move: RowMove) => t(`board.actions.${move}`);

  function refusal(decision: KeyDecision & { ok: false }, desks: boolean): string {
    const key = KEY_OF_MOVE[decision.move];
    const row = decision.row;
    if (decision.why === 'noDesks') return t('board.keys.noDesks', { key });
    if (decision.why === 'noTarget' || !row) return t('board.keys.noTarget', { key });
    if (decision.why === 'gone' || decision.why === 'working') return t(`board.keys.${decision.why}`, { key, ticket: row.formattedNumber });
    const offered = rowMoves(row, desks)
      .filter((move) => move !== 'reprint')
      .map((move) => (keyOf(move) ? `${label(move)} (${keyOf(move)})` : label(move)));
    const words = { key, action: label(decision.move), ticket: row.formattedNumber, group: t(`board.groupOne.${row.group}`), offered: offered.join(', ') };
    return t(offered.length > 0 ? 'board.keys.notOffered' : 'board.keys.nothingOffered', words);
  }

  return { label, refusal };
}
