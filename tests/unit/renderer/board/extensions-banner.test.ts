import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { createVuetify } from 'vuetify';
import type { DeskExtension } from '../../../../src-shared/ipc/features/board.contract';
import ExtensionsBanner from '../../../../src-renderer/features/board/components/ExtensionsBanner.vue';
import { createDeskI18n, type Locale } from '../../../../src-renderer/plugins/i18n';

function mountBanner(missing: DeskExtension[], locale: Locale = 'fr') {
  return mount(ExtensionsBanner, { props: { missing }, global: { plugins: [createDeskI18n(locale), createVuetify()] } });
}

const lines = (wrapper: ReturnType<typeof mountBanner>) => wrapper.findAll('[data-missing]').map((line) => line.attributes('data-missing'));

describe('desk extensions banner', () => {
  it('says nothing on a platform that offers every extension', () => {
    expect(mountBanner([]).find('[data-testid="board-extensions"]').exists()).toBe(false);
  });

  it('names each missing capability in plain words and what the platform would need, French first', () => {
    const banner = mountBanner(['liveEvents', 'callTicket']);
    expect(lines(banner)).toEqual(['liveEvents', 'callTicket']);
    expect(banner.text()).toContain('Pas d’événements en direct (events)');
    expect(banner.text()).toContain('son propre écran d’affichage seulement');
    expect(banner.text()).toContain('listForDay, events et callTicket');
    const english = mountBanner(['liveEvents'], 'en');
    expect(english.text()).toContain('No live ticket events (events)');
    expect(english.text()).toContain('the platform needs the extensions listForDay, events and callTicket');
  });

  it("without the day list, says the board shows the desk's own tickets (its calls are this desk's anyway)", () => {
    const banner = mountBanner(['dayList', 'callTicket']);
    expect(lines(banner)).toEqual(['dayList']);
    expect(banner.text()).toContain('les tickets émis ou réimprimés à ce poste et les patients identifiés ou scannés ici');
  });
});
