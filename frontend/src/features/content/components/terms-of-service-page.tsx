import { Link } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { LastUpdated, POLICIES_LAST_UPDATED, Prose } from '@/components/ui/prose';
import { paths } from '@/config/paths';
import { documentInLanguages } from '@/lib/i18n/documents';

/** The terms; in Spanish, terms-of-service-page-es.tsx. */
export const TermsOfServicePage = documentInLanguages(TermsOfServicePageEnglish, {
  es: () => import('./terms-of-service-page-es').then((module) => module.TermsOfServicePageSpanish),
});

function TermsOfServicePageEnglish() {
  return (
    <Page title="Terms of Service">
      <Prose>
        <LastUpdated>Last updated {POLICIES_LAST_UPDATED}</LastUpdated>
        <p>By using Swarm Alert you agree to these terms. If you do not agree, please do not use the service.</p>

        <h2>What the service does</h2>
        <p>
          Swarm Alert passes reports of honeybee swarms to volunteer beekeepers who belong to participating associations.
          We do not collect swarms ourselves and cannot promise that a beekeeper will be available, will respond, or will
          arrive by a certain time. The service does not handle wasps, hornets, yellow jackets or bees living inside a
          building.
        </p>

        <h2>Reporting a swarm</h2>
        <ul>
          <li>Report only swarms you have seen yourself, with accurate details, and only once per swarm.</li>
          <li>Give a phone number where you can be reached. The beekeeper who claims the swarm receives it.</li>
          <li>Only upload photos you took or may share, showing the swarm and not people.</li>
          <li>Keep yourself and others at a safe distance. You are responsible for your own safety around bees.</li>
        </ul>
        <p>
          A beekeeper who collects a swarm does so as a volunteer, under their own responsibility and any agreement you
          make with them. Arrangements about access to your property are between you and the beekeeper.
        </p>

        <h2>Members and associations</h2>
        <p>
          Members must give accurate contact details, keep their availability up to date, claim only swarms they intend to
          collect, and treat reporters' details as confidential, using them only to collect the swarm. Associations pay
          $0.07 for each alert sent to each of their members, from a prepaid balance that never expires. Top-ups are any
          amount above $10. An association may deactivate members.
        </p>

        <h2>Acceptable use</h2>
        <p>
          Do not submit false reports, try to get around the bot check, overload the service, or use it to contact people
          for any other purpose. We may refuse reports or close accounts that break these terms.
        </p>

        <h2>Disclaimer</h2>
        <p>
          The service is provided as is. To the extent the law allows, we are not liable for any loss or damage arising
          from a swarm, from a beekeeper's visit, or from the service being unavailable.
        </p>

        <h2>Privacy</h2>
        <p>
          How we handle personal information is described in our <Link to={paths.privacy.getHref()}>Privacy Policy</Link>.
        </p>

        <h2>Changes</h2>
        <p>We may update these terms and will change the date above when we do. Continued use means you accept the new terms.</p>
      </Prose>
    </Page>
  );
}
