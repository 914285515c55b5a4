import type { SiteCatalog } from './en-site';

/**
 * The Spanish catalog, first part (see es-pages.ts for the vocabulary and voice): fetched only when a visitor
 * chooses Spanish or their browser prefers it.
 */
export const esSite: SiteCatalog = {
  'language.switchLabel': 'Idioma',
  'landing.documentTitle': 'Swarm Alert | Reporte un enjambre de abejas melíferas',
  'landing.title': '¿Encontró un enjambre de abejas melíferas?',
  'landing.intro':
    'No se preocupe. Las abejas melíferas en enjambre suelen estar tranquilas y casi nunca pican. Manténgase a una distancia segura y avisaremos a apicultores de la zona que pueden venir a recogerlas.',
  'landing.honeybeesOnly.title': 'Solo abejas melíferas',
  'landing.honeybeesOnly.text':
    'Este servicio atiende solo enjambres de abejas melíferas. No podemos ayudar con avispas, avispones ni avispas chaqueta amarilla. ¿No está seguro de lo que ve? Las siguientes preguntas le ayudarán a comprobarlo.',
  'landing.reportSwarm': 'Reportar un enjambre',
  'landing.howItWorks': '¿Cómo funciona?',
  'landing.association.title': '¿Representa a una asociación?',
  'landing.association.text': 'Permita que sus apicultores se enteren de los enjambres cercanos, para que más enjambres encuentren una buena colmena.',
  'landing.association.learnMore': 'Más información',
  'landing.alreadyMember': '¿Ya es miembro?',
  'landing.memberLogin': 'Acceso para miembros',
  'layout.home': 'Inicio',
  'layout.poweredBy': 'Con la tecnología de',
  'layout.privacyPolicy': 'Política de privacidad',
  'layout.pageLoading': 'Cargando la página…',
  'layout.notifications': 'Notificaciones',
  'layout.dismissNotification': 'Cerrar la notificación',
  'layout.closeDialog': 'Cerrar',
  'layout.errorsHeading': 'Errores:',
  'errorPanel.title': 'Algo salió mal:',
  'errorPanel.unexpected': 'Ocurrió un error inesperado. Intente recargar la página.',
  'errorPanel.reload': 'Recargar',
  'feedback.tab': 'Comentarios',
};
