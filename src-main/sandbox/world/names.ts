/** Made-up French identities for the training day; accents on purpose (tickets, search, printing). */
export const FEMALE_FIRST_NAMES = [
  'Éloïse', 'Bérénice', 'Gaëlle', 'Anaïs', 'Noémie', 'Zoé', 'Léa', 'Chloé', 'Hélène', 'Agnès', 'Françoise',
  'Josée', 'Camille', 'Manon', 'Inès', 'Clémence', 'Maëlys', 'Sophie', 'Aurélie', 'Cécile', 'Margaux',
  'Élise', 'Mathilde', 'Juliette', 'Océane',
] as const;

export const MALE_FIRST_NAMES = [
  'Jérôme', 'François', 'Loïc', 'Benoît', 'Gérard', 'Frédéric', 'Rémi', 'Noël', 'Théo', 'Mathéo', 'Hervé',
  'Raphaël', 'Anthony', 'Étienne', 'Joël', 'Grégoire', 'Maxime', 'Nicolas', 'Sébastien', 'Thierry', 'Aurélien',
  'Cédric', 'Yannick', 'Gaël', 'Lucas',
] as const;

export const LAST_NAMES = [
  'Dupont', 'Martin', 'Bernard', 'Lefèvre', 'Dubois', 'Moreau', 'Laurent', 'Girard', 'Rousseau', 'Mercier',
  'Guérin', 'Chevalier', 'Ménard', 'Prévost', 'Lévêque', 'Barthélemy', 'Bénard', 'Maréchal', 'Lemaître',
  'Le Gall', 'Da Silva', 'Rivière', 'Fournier', 'Faure', 'Garnier', 'Féron', 'Hébert', 'Leroy', 'Roux',
  'Morel', 'Bonnet', 'Lambert', 'Fontaine', 'Perrin', 'Renard', 'Vidal', 'Aubert', 'Lacroix', 'Gauthier',
  "D'Almeida", 'Boucher', 'Pelletier', 'Besson', 'Carré', 'Noël', 'Dumas', 'Colin', 'Roche', 'Marchand', 'Huet',
] as const;

export const STREETS = [
  'rue de la République', 'avenue Jean Jaurès', 'cours Lafayette', 'rue Garibaldi', 'boulevard des Belges',
  'rue Vendôme', 'quai Saint-Vincent', 'rue de Marseille', 'avenue Félix Faure', 'place Bellecour',
] as const;

export const CITIES = [
  { zipCode: '69003', city: 'Lyon' },
  { zipCode: '69006', city: 'Lyon' },
  { zipCode: '69007', city: 'Lyon' },
  { zipCode: '69100', city: 'Villeurbanne' },
  { zipCode: '69500', city: 'Bron' },
  { zipCode: '69200', city: 'Vénissieux' },
] as const;

export const REFERRING_PRACTITIONERS = [
  { name: 'Dr Anne Gérard', rppsId: '10003456789' },
  { name: 'Dr Michel Lévêque', rppsId: '10004567890' },
  { name: 'Dr Sophie Bénard', rppsId: '10005678901' },
  { name: 'Dr Karim Haddad', rppsId: '10006789012' },
] as const;
