import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Card } from '@/components/ui/card';
import { ButtonLink } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { ExternalTextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { useMessages } from '@/lib/i18n/language';
import { useReportAssociations, type AlertedAssociation } from '../api/get-report-associations';

/** Only web addresses become links: a stored `javascript:` URL must never run in the reporter's browser. */
export function safeDonationUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

export function ReportSuccessPage() {
  const { reportId = '' } = useParams();
  const t = useMessages();
  return (
    <Page title={t['success.title']}>
      <p>{t['success.alerting']}</p>
      <p>{t['success.safety']}</p>
      <AlertedAssociations reportId={reportId} />
      <ButtonLink to={paths.about.getHref()} $variant="secondary">
        {t['success.whatNext']}
      </ButtonLink>
    </Page>
  );
}

function AlertedAssociations({ reportId }: { reportId: string }) {
  const associations = useReportAssociations(reportId);
  const t = useMessages();
  if (associations.isPending) return <p role="status">{t['success.loading']}</p>;
  if (associations.isError) return <p role="alert">{t['success.loadFailed']}</p>;
  if (associations.data.length === 0) return null;
  return (
    <Section aria-labelledby="alerted-associations-title">
      <h2 id="alerted-associations-title">{t['success.associationsTitle']}</h2>
      <p>{t['success.associationsText']}</p>
      <ul>
        {associations.data.map((association, index) => (
          <li key={`${association.name}-${index}`}>
            <AssociationName association={association} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

function AssociationName({ association }: { association: AlertedAssociation }) {
  const url = safeDonationUrl(association.donationUrl);
  if (!url) return <>{association.name}</>;
  return (
    <ExternalTextLink href={url} target="_blank" rel="noopener noreferrer">
      {association.name}
    </ExternalTextLink>
  );
}

const Section = styled(Card)`

  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space.lg};
    font-size: ${({ theme }) => theme.fontSizes.large};
  }
`;
