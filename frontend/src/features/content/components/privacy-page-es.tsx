import { Link } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { LastUpdated, POLICIES_LAST_UPDATED, Prose } from '@/components/ui/prose';
import { paths } from '@/config/paths';
import { ReporterDataPeriod } from './reporter-data-period';

/** La política de privacidad: privacy-page.tsx en español. */
export function PrivacyPageSpanish() {
  return (
    <Page title="Política de privacidad">
      <Prose>
        <LastUpdated>Última actualización: {POLICIES_LAST_UPDATED}</LastUpdated>
        <p>
          Swarm Alert pone en contacto a las personas que encuentran un enjambre de abejas melíferas con apicultores que
          pueden recogerlo. Esta política explica qué datos recopilamos, para qué, quién los ve y cuánto tiempo los
          guardamos.
        </p>

        <h2>Cuando usted reporta un enjambre</h2>
        <p>Recopilamos:</p>
        <ul>
          <li>su nombre y su número de teléfono, para que el apicultor que recoja el enjambre pueda comunicarse con usted;</li>
          <li>la dirección del enjambre, su tamaño y su altura aproximados, para avisar a los apicultores cercanos;</li>
          <li>
            una foto del enjambre, si agrega una. Antes de guardarla, quitamos del archivo la ubicación y los datos de la
            cámara que lleva incorporados.
          </li>
        </ul>
        <p>
          Los apicultores avisados ven el tamaño, la altura, la foto y la distancia aproximada del enjambre. Su nombre, su
          número de teléfono y la dirección exacta se comparten solo con el apicultor que toma el enjambre. No vendemos su
          información ni la usamos para publicidad, y no nos comunicamos con usted por ningún otro motivo que su reporte.
        </p>

        <h2>Cuando usted es un apicultor miembro</h2>
        <p>
          Los miembros nos dan su nombre, correo electrónico, número de teléfono, domicilio, las asociaciones a las que
          pertenecen y cuándo están disponibles. Los usamos para decidir de qué enjambres avisarle y para enviarle esos
          avisos. Su asociación puede ver que usted es miembro.
        </p>
        <p>
          Al agregar un número de teléfono, usted acepta recibir mensajes de texto sobre avisos de enjambres. La frecuencia
          de los mensajes depende de cuántos enjambres se reporten cerca de usted. Pueden aplicarse tarifas de mensajes y
          datos. Responda STOP para dejar de recibir mensajes en cualquier momento y HELP para obtener ayuda; también puede
          activar No molestar en su perfil.
        </p>

        <h2>Comentarios</h2>
        <p>
          Si nos envía comentarios, guardamos su mensaje, la página en la que estaba y el nombre y el correo electrónico
          que decidió darnos, para responderle y corregir problemas.
        </p>

        <h2>Proveedores de servicios</h2>
        <p>
          Usamos un proveedor de mensajes de texto para enviar los avisos, un proveedor de mapas para buscar direcciones,
          una verificación contra bots para evitar el abuso automatizado y un servicio de reporte de errores para
          encontrar y corregir problemas. Estos proveedores tratan los datos solo para prestarnos esos servicios.
        </p>

        <h2>Cuánto tiempo los guardamos</h2>
        <p>
          Un reporte termina cuando un apicultor lo marca como resuelto o como inválido, cuando nadie lo toma a tiempo o
          cuando usted nos avisa que el enjambre se fue; el reporte de un enjambre tomado termina, a más tardar, 72 horas
          después de que se tomó. <ReporterDataPeriod /> después de que termina un reporte, borramos su nombre, su número
          de teléfono, la calle, la ubicación exacta y las fotos de todas las partes de Swarm Alert. Lo que conservamos no
          identifica a nadie: la ciudad, las horas, el tamaño y la altura del enjambre, qué pasó con él y los cargos por
          los avisos que generó.
        </p>
        <p>
          Los mensajes de texto ya entregados quedan en los teléfonos que los recibieron y en los registros de nuestro
          proveedor de mensajes de texto, que no controlamos. Los mensajes que las partes de Swarm Alert se pasan entre sí,
          que llevan su número de teléfono si usted pidió recibir mensajes, se borran en un plazo de 14 días. Si responde
          STOP, guardamos su número solo para no volver a enviarle mensajes.
        </p>
        <p>
          La información de los miembros se guarda mientras la cuenta esté activa. Los registros de avisos cobrados a una
          asociación se guardan el tiempo que exija la ley para fines contables, sin los datos de contacto de quienes
          reportan.
        </p>

        <h2>Eliminar su cuenta</h2>
        <p>
          Los miembros pueden eliminar su cuenta en cualquier momento con <span lang="en">Delete my account</span> en su perfil. Tiene efecto de
          inmediato: borramos su nombre, correo electrónico, número de teléfono, domicilio, disponibilidad, cómo eligió
          recibir los avisos y los dispositivos en los que recibe notificaciones; se cierra su sesión en todos los
          dispositivos y se le quita de todas las asociaciones.
        </p>
        <p>
          Lo que queda no identifica a nadie: los cargos por los avisos que se le enviaron conservan sus montos en las
          cuentas de sus asociaciones, asociados a un número que ya no lleva a usted, y los enjambres de los que se le avisó
          o que tomó siguen contando en las cifras de sus asociaciones, sin su nombre ni sus datos de contacto. Puede
          volver a iniciar sesión más adelante con el mismo correo electrónico; empezará como un miembro nuevo.
        </p>

        <h2>Seguridad</h2>
        <p>
          Los datos viajan cifrados, el acceso se limita a las personas que operan el servicio y los datos personales se
          mantienen fuera de nuestros registros.
        </p>

        <h2>Sus opciones</h2>
        <p>
          Puede pedirnos ver, corregir o borrar su información en cualquier momento con la pestaña Comentarios de
          cualquier página. Los miembros pueden actualizar sus datos en su perfil, descargar como archivo todo lo que
          guardamos sobre ellos con <span lang="en">Download my data</span> (su perfil, asociaciones, ajustes y dispositivos de aviso, los avisos
          que se les enviaron y los enjambres que tomaron) y eliminar su cuenta con <span lang="en">Delete my account</span>.
        </p>

        <h2>Cambios</h2>
        <p>
          Si cambiamos esta política, actualizaremos la fecha de arriba. Vea también nuestros{' '}
          <Link to={paths.termsOfService.getHref()}>Términos del servicio</Link>.
        </p>
      </Prose>
    </Page>
  );
}
