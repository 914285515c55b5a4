import { ButtonLink } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { Prose } from '@/components/ui/prose';
import { paths } from '@/config/paths';

/** Cómo funciona, para quien reporta un enjambre: about-page.tsx en español. */
export function AboutPageSpanish() {
  return (
    <Page title="Cómo funciona">
      <Prose>
        <p>
          Un enjambre es una colonia de abejas melíferas que busca un nuevo hogar. Por lo general descansa desde unas horas
          hasta un par de días mientras las abejas exploradoras buscan dónde vivir, y un apicultor de la zona puede
          recogerlo y darle una colmena.
        </p>
        <ol>
          <li>
            <h2>Mantenga la calma</h2>
            <p>Las abejas en enjambre no tienen un hogar que defender y rara vez son agresivas. No hace falta rociarlas ni molestarlas.</p>
          </li>
          <li>
            <h2>Mantenga la distancia</h2>
            <p>Mantenga a las personas y a las mascotas a varios metros, y no le arroje nada al enjambre ni intente moverlo.</p>
          </li>
          <li>
            <h2>Identifique e informe</h2>
            <p>
              Responda unas preguntas para comprobar que son abejas melíferas; luego díganos dónde está el enjambre, más o
              menos qué tan grande es y a qué altura está, y cómo comunicarnos con usted. Una foto ayuda.
            </p>
          </li>
          <li>
            <h2>Avisamos a un apicultor</h2>
            <p>
              Enviamos un mensaje de texto a los apicultores cercanos de las asociaciones participantes. El primero que
              toma el enjambre recibe su ubicación y sus datos de contacto, y puede llamarle antes de ir a recogerlo.
            </p>
          </li>
        </ol>
        <p>El servicio es gratuito para quien reporta. Atiende solo enjambres de abejas melíferas, no avispas, avispones ni avispas chaqueta amarilla.</p>
      </Prose>
      <ButtonLink to={paths.identify.checkCluster.getHref()} $fullWidth>
        Reportar un enjambre
      </ButtonLink>
    </Page>
  );
}
