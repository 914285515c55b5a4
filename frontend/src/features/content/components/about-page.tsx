import { ButtonLink } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { Prose } from '@/components/ui/prose';
import { paths } from '@/config/paths';
import { documentInLanguages } from '@/lib/i18n/documents';

/** Spec §2: how it works for reporters, in four steps; in Spanish, about-page-es.tsx. */
export const AboutPage = documentInLanguages(AboutPageEnglish, { es: () => import('./about-page-es').then((module) => module.AboutPageSpanish) });

function AboutPageEnglish() {
  return (
    <Page title="How it works">
      <Prose>
        <p>
          A swarm is a colony of honeybees looking for a new home. It usually rests for a few hours to a couple of days
          while scouts search, and a local beekeeper can collect it and give it one.
        </p>
        <ol>
          <li>
            <h2>Stay calm</h2>
            <p>Swarming bees have no home to defend and are rarely aggressive. There is no need to spray or disturb them.</p>
          </li>
          <li>
            <h2>Keep your distance</h2>
            <p>Keep people and pets several yards away, and don't throw things at the swarm or try to move it.</p>
          </li>
          <li>
            <h2>Identify and inform</h2>
            <p>
              Answer a few questions to check that they are honeybees, then tell us where the swarm is, roughly how big
              and how high up it is, and how to reach you. A photo helps.
            </p>
          </li>
          <li>
            <h2>We alert a keeper</h2>
            <p>
              We text nearby beekeepers from participating associations. The first one to claim the swarm gets its
              location and your contact details, and may call you before coming to collect it.
            </p>
          </li>
        </ol>
        <p>The service is free for reporters. It handles honeybee swarms only, not wasps, hornets or yellow jackets.</p>
      </Prose>
      <ButtonLink to={paths.identify.checkCluster.getHref()} $fullWidth>
        Report a swarm
      </ButtonLink>
    </Page>
  );
}
