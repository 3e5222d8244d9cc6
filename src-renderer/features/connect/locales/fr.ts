import type { UnconnectedReason } from '../../../../src-shared/ipc/contract';

/** The connect page: a configured desk that cannot connect, and the technician's ways out. */
export const connectFr = {
  title: 'Ce poste ne peut pas se connecter',
  reasons: {
    'settings-damaged':
      "Ses paramètres de connexion étaient illisibles\u00a0: le fichier a été mis de côté ({file}) et les profils qu'il contenait sont perdus.",
    'profile-missing': "Le profil de connexion choisi pour ce poste n'existe plus dans ses paramètres.",
    'profile-insecure':
      'Le profil « {name} » utilise une adresse en http simple\u00a0: la clé du compte et les mots de passe circuleraient en clair sur le réseau. Il faut des adresses https.',
    'key-unreadable':
      "La clé du compte du profil « {name} » ne peut pas être lue par cette session Windows\u00a0: elle a été enregistrée par un autre utilisateur de l'ordinateur, ou le trousseau du système a été réinitialisé (après un changement de mot de passe, par exemple).",
    'key-missing': "Aucune clé de compte n'est enregistrée pour le profil « {name} ».",
    'keychain-unavailable': "Le trousseau sécurisé du système ne répond pas\u00a0: la clé du profil « {name} » ne peut pas être lue.",
    'deployment-invalid':
      'Le fichier de déploiement de cet ordinateur ({file}) est refusé, rien n\'en est appliqué. Champs à corriger par le service informatique\u00a0: {fields}.',
  } satisfies Record<UnconnectedReason, string>,
  noTraining: "Il ne démarre pas en mode formation à la place\u00a0: des patients fictifs y cacheraient les vrais. Appelez le technicien ou le support.",
  noPin:
    "Aucun code technicien n'est défini sur ce poste\u00a0: il ne peut pas être réparé d'ici. La personne qui l'a installé peut retirer le fichier settings.json de son dossier de données pour repartir de zéro.",
  waysOut: 'Ce que peut faire le technicien',
  reenterKey: 'Saisir à nouveau la clé du compte du profil « {name} »',
  key: 'Clé du compte',
  saveKey: 'Enregistrer la clé et se connecter',
  otherProfile: 'Utiliser un autre profil',
  useProfile: 'Utiliser ce profil',
  training: 'Démarrer en mode formation',
  trainingHint: 'Données fictives, rien ne part vers le logiciel médical\u00a0; le poste affiche « Formation » partout.',
};
