import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { FaqContent } from './faq-entries';

/** The member area stays in English: its buttons and sections are named as the member sees them. */
const Ui = ({ children }: { children: string }) => <span lang="en">{children}</span>;

/** Las preguntas frecuentes: faq-entries.tsx en español, con las mismas entradas y los mismos identificadores. */
export const faqContentSpanish: FaqContent = {
  title: 'Preguntas frecuentes',
  intro: 'Respuestas a las preguntas que más hacen los miembros. Toque una pregunta para ver su respuesta.',
  alertSenderIs: (number) => <>Los avisos de enjambres se envían por mensaje de texto desde el {number}.</>,
  alertSenderLoading: 'Buscando el número desde el que se envían los avisos…',
  alertSenderUnlisted: 'El número desde el que se envían los avisos no aparece en este sitio: lo verá en su primer aviso.',
  entries: [
    {
      id: 'alert-number',
      question: '¿Desde qué número llegan los avisos?',
      answer: ({ alertSender }) => (
        <>
          <p>{alertSender}</p>
          <p>Guárdelo en sus contactos como Swarm Alert para reconocer los avisos fácilmente y que no se filtren como spam.</p>
        </>
      ),
    },
    {
      id: 'no-alerts',
      question: '¿Por qué no he recibido ningún aviso?',
      answer: () => (
        <ul>
          <li>
            Revise que su perfil tenga su número de teléfono y su domicilio, y que <Ui>Do Not Disturb</Ui> (No molestar) esté
            desactivado.
          </li>
          <li>Revise que se haya unido a una asociación y que no aparezca como <Ui>(Inactive)</Ui>.</li>
          <li>No se le envían los enjambres fuera de su distancia, por encima de su altura máxima o fuera de su horario.</li>
          <li>Si respondió STOP a un aviso, responda START para volver a recibirlos.</li>
        </ul>
      ),
    },
    {
      id: 'claiming',
      question: '¿Cómo tomo un enjambre?',
      answer: () => (
        <>
          <p>
            Cada aviso trae un código de 5 dígitos. Responda al mensaje solo con ese código, o pulse <Ui>Claim</Ui> junto al
            enjambre en <Ui>Active Swarms</Ui> de su perfil. El primer miembro que lo toma recibe por mensaje de texto la
            ubicación y los datos de contacto de quien lo reportó; a quien lo intente después se le avisa que ya está tomado.
          </p>
          <p>Un código solo funciona desde el teléfono al que se envió el aviso, y solo mientras nadie haya tomado el enjambre.</p>
        </>
      ),
    },
    {
      id: 'unclaim',
      question: 'Tomé un enjambre pero no puedo recogerlo. ¿Qué hago?',
      answer: () => (
        <p>
          En las 72 horas siguientes a tomarlo, pulse <Ui>un-claim</Ui> junto a él en <Ui>Claimed Swarms</Ui>. Vuelve a quedar
          disponible y se avisa a otros miembros. Si no son abejas melíferas, si el enjambre se metió en una construcción, si
          se fue o si otra persona lo recogió, use <Ui>Mark as Bad</Ui> y elija el motivo.
        </p>
      ),
    },
    {
      id: 'alert-timing',
      question: '¿Por qué me llegó un aviso más tarde que a otros miembros?',
      answer: () => (
        <p>
          Para repartir los enjambres de forma justa, a los miembros que tomaron enjambres hace poco se les avisa un poco
          más tarde: 10 minutos más por cada enjambre reciente, hasta cinco, y una hora más a partir de seis. Los avisos
          fuera de su horario esperan hasta que empiece su horario.
        </p>
      ),
    },
    {
      id: 'availability',
      question: '¿Cómo elijo cuándo y dónde recibo avisos?',
      answer: () => (
        <p>
          En su perfil, en <Ui>Availability</Ui>, indique la altura máxima del enjambre que recogería (de 1 a 50 pies), cuánto
          está dispuesto a viajar desde su casa (de 1 a 25 millas) y su horario para cada día. Active <Ui>Do Not Disturb</Ui>{' '}
          para pausar todos los avisos.
        </p>
      ),
    },
    {
      id: 'stop-texts',
      question: '¿Cómo dejo de recibir los mensajes de texto?',
      answer: () => (
        <p>
          Active <Ui>Do Not Disturb</Ui> en su perfil, o responda STOP a cualquier aviso. Responda START para volver a recibir
          avisos, o HELP para obtener ayuda.
        </p>
      ),
    },
    {
      id: 'cost',
      question: '¿Me cuesta algo?',
      answer: () => (
        <p>
          No. Su asociación paga $0.07 por cada aviso enviado a cada miembro, de un saldo prepagado. Se aplican las tarifas
          habituales de mensajes de texto de su compañía telefónica.
        </p>
      ),
    },
    {
      id: 'activation-code',
      question: '¿Dónde consigo un código de activación?',
      answer: () => (
        <p>
          Se lo da su asociación de apicultores. El código tiene 8 letras y números. Escríbalo en <Ui>Associations</Ui> de su
          perfil. La <Link to={paths.gettingStarted.getHref()}>guía para empezar</Link> explica cada paso.
        </p>
      ),
    },
    {
      id: 'inactive',
      question: '¿Por qué mi asociación aparece como inactiva?',
      answer: () => (
        <p>
          Su asociación desactivó su membresía, así que ya no recibe sus avisos. Pida a la asociación un código de
          activación nuevo y escríbalo en la ventana que se abre en su perfil.
        </p>
      ),
    },
  ],
};
