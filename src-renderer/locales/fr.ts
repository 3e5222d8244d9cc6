import type { DeskErrorCode } from '../../src-shared/errors';
import { adminFr } from '../features/admin/locales/fr';
import { boardFr } from '../features/board/locales/fr';
import { connectFr } from '../features/connect/locales/fr';
import { checkinFr } from '../features/checkin/locales/fr';
import { printingFr } from '../features/printing/locales/fr';
import { compatibilityFr } from '../features/settings/locales/fr';
import { statisticsFr } from '../features/statistics/locales/fr';

const errors: Record<DeskErrorCode, string> = {
  BAD_REQUEST: 'La demande est incomplète ou invalide.',
  FORBIDDEN_SENDER: "Cette fenêtre n'est pas autorisée à utiliser le poste d'accueil.",
  UNAUTHORIZED: "Ouvrez l'adresse affichée au démarrage de l'aperçu.",
  UNKNOWN_CHANNEL: "Cette action n'existe pas dans cette version.",
  INTERNAL: "Une erreur inattendue s'est produite. Réessayez\u00a0; si elle persiste, contactez le support.",
  NOT_SIGNED_IN: 'Connectez-vous pour continuer.',
  INVALID_CREDENTIALS: 'Identifiant ou mot de passe incorrect',
  PASSWORD_ATTEMPTS_WAIT: 'Trop de mots de passe incorrects à la suite : réessayez dans {wait}, même avec le bon mot de passe.',
  DESK_KEY_REFUSED: "Le logiciel médical refuse la clé de ce poste. Demandez à votre administrateur de vérifier le profil de connexion.",
  PUBLISHER_UNREACHABLE: 'Le logiciel médical ne répond pas. Vérifiez le réseau puis réessayez.',
  PUBLISHER_ERROR: 'Le logiciel médical a rencontré un problème. Réessayez dans un instant.',
  CONTRACT_VIOLATION: 'Le logiciel médical a répondu dans un format inattendu. Contactez le support.',
  SECRET_STORAGE_UNAVAILABLE:
    "Cet ordinateur n'offre pas de coffre sécurisé (trousseau du système)\u00a0: la clé du poste ne peut pas être enregistrée en clair.",
  SECRET_UNREADABLE: 'Une clé enregistrée ne peut plus être lue sur cet ordinateur. Saisissez-la à nouveau.',
  DATA_FOLDER_IN_USE: 'Une autre Desk Console utilise déjà les mêmes données sur cet ordinateur\u00a0: fermez-la d\'abord.',
  DESK_NOT_CONNECTED: "Ce poste ne peut pas se connecter\u00a0: un technicien doit d'abord régler sa connexion.",
  PROFILE_INVALID: 'Le profil de connexion est incomplet ou invalide.',
  PROFILE_NOT_FOUND: "Ce profil de connexion n'existe plus.",
  PROFILE_INSECURE:
    'Les adresses de la plateforme et du logiciel médical doivent commencer par https://\u00a0: en http, la clé du compte et les mots de passe circuleraient en clair sur le réseau.',
  PROFILE_MANAGED: 'Défini par votre service informatique (fichier de déploiement)\u00a0: ce réglage ne peut pas être changé sur ce poste.',
  UNKNOWN_APPOINTMENT: 'Ce rendez-vous n\'existe plus dans le logiciel médical.',
  UNKNOWN_PATIENT: 'Ce patient est introuvable dans le logiciel médical.',
  UNKNOWN_DOCUMENT: 'Ce document n\'existe plus.',
  APPOINTMENT_STATE_CONFLICT: 'L\'état du rendez-vous ne permet pas cette action (annulé ou déjà terminé).',
  PUBLISHER_VALIDATION: 'Le logiciel médical a refusé la demande comme invalide.',
  DECRYPTION_FAILED: 'Le logiciel médical n\'a pas pu déchiffrer la demande\u00a0: la clé publique du profil de connexion ne correspond pas à sa clé privée. Demandez à un technicien d\'y copier la clé publique actuelle.',
  ENCRYPTION_REQUIRED: 'Le logiciel médical exige le chiffrement\u00a0: ajoutez sa clé publique au profil de connexion.',
  UPLOAD_TOO_LARGE: 'Le document est trop volumineux pour le logiciel médical.',
  RELAY_UPSTREAM_UNREACHABLE: 'La plateforme ne parvient pas à joindre le logiciel médical.',
  PLATFORM_UNREACHABLE: 'La plateforme ne répond pas. Vérifiez le réseau puis réessayez.',
  CERTIFICATE_UNTRUSTED: "Le certificat de {host} n'est pas reconnu par cet ordinateur. Un technicien doit y installer le certificat d'autorité de l'établissement (ou le joindre au profil de connexion).",
  PROXY_REFUSED: 'Le proxy du réseau refuse de joindre {host} (ou ne répond pas). Demandez au service informatique d\'autoriser ce poste.',
  PLATFORM_ERROR: 'La plateforme a rencontré un problème. Réessayez dans un instant.',
  PLATFORM_KEY_REFUSED: 'La plateforme refuse la clé ou la licence de ce poste. Vérifiez le profil de connexion.',
  SESSION_EXPIRED: 'Votre session a expiré\u00a0: reconnectez-vous.',
  ADMIN_CREDENTIALS: 'E-mail ou mot de passe incorrect',
  ADMIN_FORBIDDEN: 'Votre rôle ne permet pas cette action.',
  ADMIN_NOT_FOUND: 'L\'élément demandé n\'existe plus.',
  ADMIN_CONFLICT: 'Cette action entre en conflit avec un élément existant.',
  ADMIN_INVALID: 'Certains champs sont invalides.',
  // ── board feature codes ──
  BOARD_LOCKED: 'Le poste est verrouillé\u00a0: saisissez votre mot de passe pour continuer.',
  BOARD_NOTHING_WAITING: "Aucun patient n'attend d'être appelé.",
  BOARD_TICKET_GONE: "Ce rendez-vous n'existe plus dans le logiciel médical.",
  APPOINTMENT_CANCELLED: "Ce rendez-vous a été annulé\u00a0: il n'est plus possible de le faire avancer.",
  BOARD_NOT_CALLABLE: 'Ce ticket ne peut plus être appelé (clôturé ou annulé).',
  TICKET_CHANGED: 'Ce ticket vient de changer à un autre poste\u00a0: regardez à nouveau le tableau.',
  BOARD_CALLED_ELSEWHERE: 'Un autre poste vient d\'appeler ce patient.',
  BOARD_BUSY_ROW: 'Une action sur ce patient est déjà en cours\u00a0: attendez sa réponse.',
  BOARD_NOT_MOVABLE: "Ce patient n'est plus là où ce poste l'a vu\u00a0: regardez à nouveau le tableau.",
  BOARD_DESK_UNKNOWN: "Ce poste n'est plus ouvert sur ce site\u00a0: choisissez-en un autre.",
  BOARD_DESK_SILENT:
    "Ce poste ne s'est pas manifesté depuis quelques secondes (arrêté ou coupé du réseau)\u00a0: le patient reste à votre poste. Choisissez un autre poste ou renvoyez-le en attente.",
  BOARD_DESKS_NOT_OFFERED: 'La plateforme ne propose ni les transferts, ni les absences, ni la présence des postes.',
  FORBIDDEN: "Ce lieu d'accueil ne fait pas partie de vos sites\u00a0: choisissez l'un des vôtres.",
  // ── check-in feature codes ──
  CHECKIN_NOT_ELIGIBLE: "Ce rendez-vous ne peut pas être enregistré\u00a0: il est annulé, terminé ou n'est pas prévu aujourd'hui.",
  CHECKIN_ALREADY_RECEIVED: 'Ce patient est déjà enregistré pour ce rendez-vous\u00a0: son ticket est sur le tableau d\'appel.',
  CHECKIN_RECEPTION_UNDONE:
    "Ticket annulé, arrivée toujours enregistrée dans le logiciel médical\u00a0: annulez l'arrivée dans le logiciel médical, puis vérifiez à nouveau pour enregistrer l'arrivée du patient.",
  CHECKIN_MIXED_PATIENTS: "Les rendez-vous choisis ne sont pas ceux d'un même patient\u00a0: enregistrez chaque patient séparément.",
  CHECKIN_UNKNOWN_CODE: "Ce code de convocation n'est pas reconnu par le logiciel médical. Recherchez le patient par son nom.",
  // ── printing feature codes ──
  PRINTER_UNAVAILABLE: 'Aucune imprimante de bureau n\'est prête\u00a0: le ticket n\'a pas été imprimé.',
  REPRINT_CANCELLED_APPOINTMENT: 'Ce rendez-vous est annulé\u00a0: son ticket n\'est pas réimprimé.',
  TICKET_NOT_ISSUED: 'Ce rendez-vous n\'a pas encore de ticket\u00a0: faites d\'abord l\'accueil du patient.',
  TICKET_NUMBER_MISMATCH:
    'Le logiciel médical et la plateforme n\'ont pas le même numéro pour ce ticket\u00a0: rien n\'a été imprimé. Contactez le support.',
  PRINT_JOB_NOT_CANCELLABLE: 'Ce ticket est en cours d\'impression ou déjà terminé\u00a0: il ne peut plus être annulé.',
  // ── admin feature codes ──
  ADMIN_EMAIL_TAKEN: 'Cette adresse e-mail est déjà utilisée par un autre compte.',
  ADMIN_INTEGRATION_CONFLICT:
    "Cette licence a déjà une autre intégration. Supprimez d'abord l'autre intégration, puis enregistrez celle-ci.",
  ADMIN_ALREADY_ACTIVATED: "Ce compte est déjà activé\u00a0: il n'y a pas d'invitation à renvoyer. Utilisez « mot de passe oublié ».",
  ADMIN_EMAIL_UNREACHABLE: 'Cette adresse e-mail ne peut pas recevoir de messages. Vérifiez-la.',
  ADMIN_INVITATION_INVALID: 'Ce lien est invalide, déjà utilisé ou expiré. Demandez une nouvelle invitation ou un nouvel e-mail de réinitialisation.',
  ADMIN_REFERENTIAL_INVALID: "Le fichier de référentiel est invalide\u00a0; rien n'a été enregistré.",
  ADMIN_TRAINING_ONLY: 'Disponible uniquement en mode formation.',
  TECHNICIAN_MODE_REQUIRED: 'Cette action demande le mode technicien\u00a0: ouvrez-le depuis la page Imprimantes.',
  TECHNICIAN_PIN_WRONG: 'Code technicien incorrect.',
  TECHNICIAN_PIN_LOCKED: 'Trop de codes incorrects à la suite\u00a0: réessayez dans {wait}.',
  TECHNICIAN_NO_PIN: "Aucun code technicien n'est défini sur ce poste\u00a0: un superviseur connecté peut ouvrir le mode technicien et en définir un.",
  SUPERVISOR_REQUIRED: 'Seul un superviseur connecté peut faire cela.',
};

export const fr = {
  app: {
    title: 'Desk Console',
    training: 'Formation',
    trainingHint: 'Mode formation\u00a0: données fictives, rien ne part vers le logiciel médical réel.',
    signOut: 'Se déconnecter',
    skipToContent: 'Aller au contenu',
    loading: 'Chargement…',
  },
  nav: {
    board: "Tableau d'appel",
    checkin: 'Accueil patient',
    statistics: 'Statistiques',
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
  notices: {
    updated: 'Desk Console a été mis à jour en version {version}. Les nouveautés\u00a0:',
    settingsCorrupt:
      'Les paramètres enregistrés étaient illisibles\u00a0: ils ont été mis de côté ({file}).',
    damaged: {
      printQueue:
        "La file d'impression était illisible | 1 ticket en attente d'impression n'a pas pu être lu | {lost} tickets en attente d'impression n'ont pas pu être lus",
      outbox:
        "Les modifications du tableau en attente d'envoi étaient illisibles | 1 modification du tableau en attente d'envoi n'a pas pu être lue | {lost} modifications du tableau en attente d'envoi n'ont pas pu être lues",
      boardSettings: "Les réglages du tableau (temps d'attente, verrouillage) étaient illisibles\u00a0: les valeurs par défaut sont utilisées",
      printing: "Les réglages de l'imprimante étaient illisibles\u00a0: choisissez à nouveau l'imprimante et les textes du ticket",
      workplace: 'Le lieu et le guichet choisis sur cet ordinateur étaient illisibles\u00a0: choisissez-les à nouveau',
      journal: "Le journal du jour de ce poste était illisible\u00a0: le tableau repart d'une journée vide",
      settings: 'Les paramètres enregistrés étaient illisibles',
      secrets: "Les clés de compte et jetons d'administration enregistrés étaient illisibles\u00a0: saisissez-les à nouveau dans Paramètres",
      notices: 'Des avis précédents étaient illisibles',
      technician: "Le code technicien de ce poste était illisible\u00a0: un superviseur connecté doit en définir un nouveau (page Imprimantes)",
      deskQueue: "Les patients servis par ce guichet (types d'examen, salles, praticiens) étaient illisibles\u00a0: le guichet sert tout, choisissez à nouveau sa file",
    },
    auditDamaged:
      "Le registre des actions de ce poste (qui a fait quoi) était illisible à partir de la ligne {line}\u00a0: cette partie est conservée sous {file}, et les nouvelles actions sont enregistrées à la suite des lignes lisibles.",
    auditAltered:
      "Le registre des actions de ce poste (qui a fait quoi) a été modifié après coup\u00a0: il ne se suit plus à la ligne {line}{elsewhere} (cette ligne ou celle d'avant a été changée, ou des lignes ont été retirées ou ajoutées à cet endroit). Prévenez votre responsable\u00a0; le fichier est laissé tel quel.",
    auditElsewhere: 'et à 1 autre endroit | et à {others} autres endroits',
    recovered: '{recovered} récupéré(s)',
    keptAs: 'le fichier est conservé sous {file}',
    separator: '\u00a0; ',
    acknowledge: 'Compris',
  },
  profiles: {
    title: 'Profils de connexion',
    running: 'En cours',
    nextStart: 'Au prochain démarrage',
    useNextStart: 'Utiliser au prochain démarrage',
    restartHint: 'Le changement de profil prend effet au prochain démarrage du poste.',
    noSecureStorage: "Ce poste n'offre pas de coffre sécurisé\u00a0: seuls les profils déjà enregistrés sont utilisables.",
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
    clock: {
      title: 'Horloge du poste',
      unmeasured: 'Pas encore comparée à celle de la plateforme',
      agrees: "À l'heure de la plateforme",
      gap: '{minutes}\u00a0min {seconds}\u00a0s',
      behind: 'En retard de {gap} sur la plateforme',
      ahead: "En avance de {gap} sur la plateforme",
      drift: {
        behind:
          "L'horloge de ce poste retarde de {gap} sur celle de la plateforme. Les attentes et leurs couleurs restent justes (elles sont comptées à l'heure de la plateforme), mais réglez l'heure de ce poste (synchronisation de l'heure de Windows).",
        ahead:
          "L'horloge de ce poste avance de {gap} sur celle de la plateforme. Les attentes et leurs couleurs restent justes (elles sont comptées à l'heure de la plateforme), mais réglez l'heure de ce poste (synchronisation de l'heure de Windows).",
      },
    },
  },
  probe: {
    title: 'Vérification du système médical',
    hint: "Interroge les cinq routes de configuration comme la plateforme le fait à l'activation.",
    run: 'Vérifier',
    allOk: 'Les cinq routes répondent correctement.',
    someFailed: 'Certaines routes ne répondent pas correctement\u00a0: la configuration des bornes reste verrouillée.',
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
  compatibility: compatibilityFr,
  checkin: checkinFr,
  connect: connectFr,
  dateField: {
    day: 'JJ',
    month: 'MM',
    year: 'AAAA',
    invalid: 'Date incomplète ou impossible\u00a0: tapez {pattern}',
  },
  display: {
    title: 'Appels des patients',
    ticket: 'Ticket',
    none: 'Merci de patienter, vous allez être appelé(e).',
    earlier: 'Appels précédents',
    offline: 'Affichage momentanément non actualisé',
    offlineSince: 'Hors ligne depuis {time}',
    room: 'Salle {room}',
  },
  printing: printingFr,
  statistics: statisticsFr,
  admin: adminFr,
  errors,
  /** A wait said in words, in an error ({wait}). */
  wait: { seconds: '{n} seconde | {n} secondes', minutes: '{n} minute | {n} minutes' },
};

export type Messages = typeof fr;
