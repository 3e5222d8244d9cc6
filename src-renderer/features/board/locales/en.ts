import type { BoardMessages } from './fr';

export const boardEn: BoardMessages = {
  title: 'Call board',
  welcome: 'Hello {name}',
  offices: 'Your offices',
  empty: 'The live call board will appear here.',
};
