import { Link } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { LastUpdated, POLICIES_LAST_UPDATED, Prose } from '@/components/ui/prose';
import { paths } from '@/config/paths';

/** Los términos del servicio: terms-of-service-page.tsx en español. */
export function TermsOfServicePageSpanish() {
  return (
    <Page title="Términos del servicio">
      <Prose>
        <LastUpdated>Última actualización: {POLICIES_LAST_UPDATED}</LastUpdated>
        <p>Al usar Swarm Alert, usted acepta estos términos. Si no los acepta, por favor no use el servicio.</p>

        <h2>Qué hace el servicio</h2>
        <p>
          Swarm Alert hace llegar los reportes de enjambres de abejas melíferas a apicultores voluntarios que pertenecen a
          asociaciones participantes. Nosotros no recogemos enjambres y no podemos prometer que un apicultor esté
          disponible, responda o llegue a una hora determinada. El servicio no atiende avispas, avispones, avispas chaqueta
          amarilla ni abejas que viven dentro de un edificio.
        </p>

        <h2>Reportar un enjambre</h2>
        <ul>
          <li>Reporte solo enjambres que usted mismo haya visto, con datos correctos, y solo una vez por enjambre.</li>
          <li>Dé un número de teléfono en el que se le pueda localizar. Lo recibe el apicultor que toma el enjambre.</li>
          <li>Suba solo fotos que usted haya tomado o que pueda compartir, en las que se vea el enjambre y no a personas.</li>
          <li>Manténgase usted y mantenga a los demás a una distancia segura. Usted es responsable de su propia seguridad cerca de las abejas.</li>
        </ul>
        <p>
          El apicultor que recoge un enjambre lo hace como voluntario, bajo su propia responsabilidad y según lo que usted
          acuerde con él. Lo relativo al acceso a su propiedad es un asunto entre usted y el apicultor.
        </p>

        <h2>Miembros y asociaciones</h2>
        <p>
          Los miembros deben dar datos de contacto correctos, mantener al día su disponibilidad, tomar solo los enjambres
          que piensan recoger y tratar los datos de quien reporta como confidenciales, usándolos solo para recoger el
          enjambre. Las asociaciones pagan $0.07 por cada aviso enviado a cada uno de sus miembros, de un saldo prepagado
          que nunca vence. Las recargas pueden ser de cualquier monto mayor de $10. Una asociación puede desactivar a sus
          miembros.
        </p>

        <h2>Uso aceptable</h2>
        <p>
          No envíe reportes falsos, no intente evadir la verificación contra bots, no sobrecargue el servicio ni lo use para
          comunicarse con personas con cualquier otro fin. Podemos rechazar reportes o cerrar cuentas que no cumplan estos
          términos.
        </p>

        <h2>Exención de responsabilidad</h2>
        <p>
          El servicio se ofrece tal como está. En la medida en que la ley lo permita, no somos responsables de ninguna
          pérdida o daño causado por un enjambre, por la visita de un apicultor o porque el servicio no esté disponible.
        </p>

        <h2>Privacidad</h2>
        <p>
          Cómo tratamos la información personal se describe en nuestra <Link to={paths.privacy.getHref()}>Política de privacidad</Link>.
        </p>

        <h2>Cambios</h2>
        <p>Podemos actualizar estos términos y cambiaremos la fecha de arriba cuando lo hagamos. Si sigue usando el servicio, acepta los nuevos términos.</p>
      </Prose>
    </Page>
  );
}
