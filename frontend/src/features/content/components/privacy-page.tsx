import { Link } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { LastUpdated, POLICIES_LAST_UPDATED, Prose } from '@/components/ui/prose';
import { paths } from '@/config/paths';
import { documentInLanguages } from '@/lib/i18n/documents';
import { ReporterDataPeriod } from './reporter-data-period';

/** The privacy policy; in Spanish, privacy-page-es.tsx. */
export const PrivacyPage = documentInLanguages(PrivacyPageEnglish, { es: () => import('./privacy-page-es').then((module) => module.PrivacyPageSpanish) });

function PrivacyPageEnglish() {
  return (
    <Page title="Privacy Policy">
      <Prose>
        <LastUpdated>Last updated {POLICIES_LAST_UPDATED}</LastUpdated>
        <p>
          Swarm Alert connects people who find a honeybee swarm with beekeepers who can collect it. This policy explains
          what we collect, why, who sees it and how long we keep it.
        </p>

        <h2>When you report a swarm</h2>
        <p>We collect:</p>
        <ul>
          <li>your name and phone number, so the beekeeper who collects the swarm can reach you;</li>
          <li>the address of the swarm, its approximate size and height, so we can alert beekeepers near it;</li>
          <li>a photo of the swarm, if you add one. We remove the location and camera details embedded in the file before storing it.</li>
        </ul>
        <p>
          Beekeepers who are alerted see the size, height, photo and approximate distance of the swarm. Your name, your
          phone number and the exact address are shared only with the one beekeeper who claims the swarm. We do not sell
          your information or use it for advertising, and we do not contact you ourselves other than about your report.
        </p>

        <h2>When you are a member beekeeper</h2>
        <p>
          Members give us their name, email address, phone number, home address, the associations they belong to and when
          they are available. We use them to decide which swarms to alert you about and to send you those alerts. Your
          association can see that you are a member.
        </p>
        <p>
          By adding a phone number you agree to receive text messages about swarm alerts. Message frequency depends on
          how many swarms are reported near you. Message and data rates may apply. Reply STOP to stop messages at any
          time and HELP for help; you can also turn on Do Not Disturb in your profile.
        </p>

        <h2>Feedback</h2>
        <p>
          If you send feedback, we keep your message, the page you were on, and the name and email address you chose to
          give, to answer you and to fix problems.
        </p>

        <h2>Service providers</h2>
        <p>
          We use a text message provider to send alerts, a maps provider to look up addresses, a bot check to keep out
          automated abuse, and an error-reporting service to find and fix problems. They process data only to provide
          these services to us.
        </p>

        <h2>How long we keep it</h2>
        <p>
          A report ends when a beekeeper marks it done or bad, when nobody claims it in time, or when you tell us the
          swarm has gone; a claimed swarm's report ends at the latest 72 hours after the claim. <ReporterDataPeriod /> after
          a report ends, we erase your name, your phone number, the street address, the exact location and the photos
          from every part of Swarm Alert. What we keep names nobody: the town, the times, the swarm's size and height,
          what became of it, and the charges for the alerts it caused.
        </p>
        <p>
          Text messages already delivered stay on the phones they reached and in our text message provider's records,
          which we do not control. The messages the parts of Swarm Alert pass to each other, which carry your phone
          number if you asked to be texted, are deleted within 14 days. If you reply STOP, we keep your number only to
          stop texting it.
        </p>
        <p>
          Member information is kept while the account is active. Records of alerts charged to an association are kept as
          long as the law requires for accounting, without reporters' contact details.
        </p>

        <h2>Deleting your account</h2>
        <p>
          Members can delete their account at any time with Delete my account in their profile. It takes effect at once:
          we erase your name, email address, phone number, home address, availability, how you chose to be alerted and
          the devices you get notifications on; you are logged out on every device and removed from every association.
        </p>
        <p>
          What stays names nobody: the charges for alerts sent to you keep their amounts in your associations' accounts
          against a number that no longer leads to you, and the swarms you were alerted about or claimed stay counted in
          your associations' figures, without your name or contact details. You can log in again later with the same
          email address; you start as a new member.
        </p>

        <h2>Security</h2>
        <p>
          Data travels encrypted, access is limited to the people who run the service, and personal details are kept out
          of our logs.
        </p>

        <h2>Your choices</h2>
        <p>
          You can ask us to see, correct or delete your information at any time using the Feedback tab on any page.
          Members can update their details in their profile, download everything we keep about them as a file with
          Download my data (your profile, associations, alert settings and devices, the alerts you were sent and the swarms
          you claimed), and delete their account with Delete my account.
        </p>

        <h2>Changes</h2>
        <p>
          If we change this policy we will update the date above. See also our <Link to={paths.termsOfService.getHref()}>Terms of Service</Link>.
        </p>
      </Prose>
    </Page>
  );
}
