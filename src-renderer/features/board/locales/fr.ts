/** French texts of the board feature, merged into the app's messages under `board`. */
export const boardFr = {
  title: "Tableau d'appel",
  welcome: 'Bonjour {name}',
  offices: 'Vos établissements',
  empty: "Le tableau d'appel en direct s'affichera ici.",
};
export type BoardMessages = typeof boardFr;
