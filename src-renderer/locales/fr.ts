import type { DeskErrorCode } from '../../src-shared/errors';
import { adminFr } from '../features/admin/locales/fr';
import { boardFr } from '../features/board/locales/fr';
import { checkinFr } from '../features/checkin/locales/fr';
import { printingFr } from '../features/printing/locales/fr';

const errors: Record<DeskErrorCode, string> = {
  BAD_REQUEST: 'La demande est incomplète ou invalide.',
  FORBIDDEN_SENDER: "Cette fenêtre n'est pas autorisée à utiliser le poste d'accueil.",
  UNAUTHORIZED: "Ouvrez l'adresse affichée au démarrage de l'aperçu.",
  UNKNOWN_CHANNEL: "Cette action n'existe pas dans cette version.",
  INTERNAL: "Une erreur inattendue s'est produite. Réessayez ; si elle persiste, contactez le support.",
  NOT_SIGNED_IN: 'Connectez-vous pour continuer.',
  INVALID_CREDENTIALS: 'Identifiant ou mot de passe incorrect',
  DESK_KEY_REFUSED: "Le logiciel médical refuse la clé de ce poste. Demandez à votre administrateur de vérifier le profil de connexion.",
  PUBLISHER_UNREACHABLE: 'Le logiciel médical ne répond pas. Vérifiez le réseau puis réessayez.',
  PUBLISHER_ERROR: 'Le logiciel médical a rencontré un problème. Réessayez dans un instant.',
  CONTRACT_VIOLATION: 'Le logiciel médical a répondu dans un format inattendu. Contactez le support.',
  SECRET_STORAGE_UNAVAILABLE:
    "Cet ordinateur n'offre pas de coffre sécurisé (trousseau du système) : la clé du poste ne peut pas être enregistrée en clair.",
  SECRET_UNREADABLE: 'Une clé enregistrée ne peut plus être lue sur cet ordinateur. Saisissez-la à nouveau.',
  PROFILE_INVALID: 'Le profil de connexion est incomplet ou invalide.',
  PROFILE_NOT_FOUND: "Ce profil de connexion n'existe plus.",
  UNKNOWN_APPOINTMENT: 'Ce rendez-vous n\'existe plus dans le logiciel médical.',
  UNKNOWN_PATIENT: 'Ce patient est introuvable dans le logiciel médical.',
  UNKNOWN_DOCUMENT: 'Ce document n\'existe plus.',
  APPOINTMENT_STATE_CONFLICT: 'L\'état du rendez-vous ne permet pas cette action (annulé ou déjà terminé).',
  PUBLISHER_VALIDATION: 'Le logiciel médical a refusé la demande comme invalide.',
  DECRYPTION_FAILED: 'Le logiciel médical n\'a pas pu déchiffrer la demande : vérifiez la clé publique du profil.',
  ENCRYPTION_REQUIRED: 'Le logiciel médical exige le chiffrement : ajoutez sa clé publique au profil de connexion.',
  UPLOAD_TOO_LARGE: 'Le document est trop volumineux pour le logiciel médical.',
  RELAY_UPSTREAM_UNREACHABLE: 'La plateforme ne parvient pas à joindre le logiciel médical.',
  PLATFORM_UNREACHABLE: 'La plateforme ne répond pas. Vérifiez le réseau puis réessayez.',
  PLATFORM_ERROR: 'La plateforme a rencontré un problème. Réessayez dans un instant.',
  PLATFORM_KEY_REFUSED: 'La plateforme refuse la clé ou la licence de ce poste. Vérifiez le profil de connexion.',
  SESSION_EXPIRED: 'Votre session a expiré : reconnectez-vous.',
  ADMIN_CREDENTIALS: 'E-mail ou mot de passe incorrect',
  ADMIN_FORBIDDEN: 'Votre rôle ne permet pas cette action.',
  ADMIN_NOT_FOUND: 'L\'élément demandé n\'existe plus.',
  ADMIN_CONFLICT: 'Cette action entre en conflit avec un élément existant.',
  ADMIN_INVALID: 'Certains champs sont invalides.',
  // ── board feature codes ──
  BOARD_LOCKED: 'Le poste est verrouillé : saisissez votre mot de passe pour continuer.',
  BOARD_NOTHING_WAITING: "Aucun patient n'attend d'être appelé.",
  BOARD_TICKET_GONE: "Ce rendez-vous n'existe plus dans le logiciel médical.",
  APPOINTMENT_CANCELLED: "Ce rendez-vous a été annulé : il n'est plus possible de le faire avancer.",
  BOARD_NOT_CALLABLE: 'Ce ticket ne peut plus être appelé (clôturé ou annulé).',
  // ── check-in feature codes ──
  // ── printing feature codes ──
  PRINTER_UNAVAILABLE: 'Aucune imprimante de bureau n\'est prête : le ticket n\'a pas été imprimé.',
  REPRINT_CANCELLED_APPOINTMENT: 'Ce rendez-vous est annulé : son ticket n\'est pas réimprimé.',
  TICKET_NOT_ISSUED: 'Ce rendez-vous n\'a pas encore de ticket : faites d\'abord l\'accueil du patient.',
  TICKET_NUMBER_MISMATCH:
    'Le logiciel médical et la plateforme n\'ont pas le même numéro pour ce ticket : rien n\'a été imprimé. Contactez le support.',
  PRINT_JOB_NOT_CANCELLABLE: 'Ce ticket est en cours d\'impression ou déjà terminé : il ne peut plus être annulé.',
  // ── admin feature codes ──
  ADMIN_EMAIL_TAKEN: 'Cette adresse e-mail est déjà utilisée par un autre compte.',
  ADMIN_INTEGRATION_CONFLICT:
    "Cette licence a déjà une autre intégration. Supprimez d'abord l'autre intégration, puis enregistrez celle-ci.",
  ADMIN_ALREADY_ACTIVATED: "Ce compte est déjà activé : il n'y a pas d'invitation à renvoyer. Utilisez « mot de passe oublié ».",
  ADMIN_EMAIL_UNREACHABLE: 'Cette adresse e-mail ne peut pas recevoir de messages. Vérifiez-la.',
  ADMIN_INVITATION_INVALID: 'Ce lien est invalide, déjà utilisé ou expiré. Demandez une nouvelle invitation ou un nouvel e-mail de réinitialisation.',
  ADMIN_REFERENTIAL_INVALID: "Le fichier de référentiel est invalide ; rien n'a été enregistré.",
  ADMIN_TRAINING_ONLY: 'Disponible uniquement en mode formation.',
};

export const fr = {
  app: {
    title: 'Desk Console',
    training: 'Formation',
    trainingHint: 'Mode formation : données fictives, rien ne part vers le logiciel médical réel.',
    signOut: 'Se déconnecter',
    skipToContent: 'Aller au contenu',
  },
  nav: {
    board: "Tableau d'appel",
    checkin: 'Accueil patient',
    printers: 'Imprimantes',
    admin: 'Administration',
    settings: 'Paramètres',
    menu: 'Menu',
  },
  connection: {
    online: 'Connecté au logiciel médical',
    offline: 'Logiciel médical injoignable',
    unknown: 'Connexion non vérifiée',
    appDown: "L'application ne répond pas",
    appConnecting: "Connexion à l'application…",
  },
  signIn: {
    title: 'Connexion accueil',
    subtitle: 'Identifiez-vous avec votre compte du logiciel médical.',
    login: 'Identifiant',
    password: 'Mot de passe',
    showPassword: 'Afficher le mot de passe',
    hidePassword: 'Masquer le mot de passe',
    submit: 'Se connecter',
    required: 'Champ obligatoire',
    trainingAccounts: 'Comptes de formation',
    useAccount: 'Utiliser ce compte',
    signedInAs: 'Connecté en tant que {name}',
  },
  board: boardFr,
  placeholder: {
    notYet: 'Cette section arrive dans une prochaine version.',
  },
  notices: {
    settingsCorrupt:
      'Les paramètres enregistrés étaient illisibles : ils ont été mis de côté ({file}) et le poste a démarré en mode formation.',
    profileUnusable: "Le profil « {name} » n'a pas pu être utilisé. {reason} Le poste a démarré en mode formation.",
    dismiss: 'Fermer',
  },
  profiles: {
    title: 'Profils de connexion',
    running: 'En cours',
    nextStart: 'Au prochain démarrage',
    useNextStart: 'Utiliser au prochain démarrage',
    restartHint: 'Le changement de profil prend effet au prochain démarrage du poste.',
    noSecureStorage: "Ce poste n'offre pas de coffre sécurisé : seuls les profils déjà enregistrés sont utilisables.",
    relay: 'Relais plateforme',
    direct: 'Direct',
  },
  settings: {
    title: 'Paramètres',
    language: 'Langue',
    about: 'À propos',
    version: 'Version',
    profile: 'Profil de connexion',
    runtime: 'Environnement',
    runtimeElectron: 'Application de bureau',
    runtimeWeb: 'Aperçu navigateur',
  },
  probe: {
    title: 'Vérification du système médical',
    hint: "Interroge les cinq routes de configuration comme la plateforme le fait à l'activation.",
    run: 'Vérifier',
    allOk: 'Les cinq routes répondent correctement.',
    someFailed: 'Certaines routes ne répondent pas correctement : la configuration des bornes reste verrouillée.',
    entries: '{count} entrée | {count} entrées',
    route: 'Route',
    result: 'Résultat',
    duration: 'Durée',
    routes: {
      officePlaces: 'Lieux',
      examTypes: "Types d'examen",
      exams: 'Examens',
      practitioners: 'Praticiens',
      rooms: 'Salles',
    },
  },
  checkin: checkinFr,
  printing: printingFr,
  admin: adminFr,
  errors,
};

export type Messages = typeof fr;
