import { Fragment } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { AlertChannelsSection } from '@/features/alert-channels/components/alert-channels-section';
import { AssociationsSection } from '@/features/associations/components/associations-section';
import { useMemberCompanies } from '@/features/associations/api/get-member-companies';
import { AssociationStatisticsSection } from '@/features/association-statistics/components/association-statistics-section';
import { AssociationMapSection } from '@/features/association-map/components/association-map-section';
import { ActiveSwarmsSection } from '@/features/member-reports/components/active-swarms-section';
import { ClaimedSwarmsSection } from '@/features/member-reports/components/claimed-swarms-section';
import { DASHBOARD_TOUR_ID, useInformation, type MemberInformation } from '@/features/member/api/get-information';
import { useAvailability } from '@/features/member/api/get-availability';
import { useUpdateOnboarding } from '@/features/member/api/update-onboarding';
import { dashboardTourSteps } from '@/features/member/lib/dashboard-tour-steps';
import { informationMessages, isInformationComplete, shouldShowDashboardTour } from '@/features/member/lib/information-rules';
import { useNotify } from '@/lib/notify';
import { AccountSection } from '@/features/member/components/account-section';
import { AvailabilityForm } from '@/features/member/components/availability-form';
import { SectionCard, SectionHeading } from '@/components/ui/form-parts';
import { InformationForm } from '@/features/member/components/information-form';
import { OnboardingTour } from '@/features/member/components/onboarding-tour';
import { RequiredInformationModal } from '@/features/member/components/required-information-modal';
import { TimeZonePrompt } from '@/features/member/components/time-zone-prompt';

const PAGE_TITLE = 'Your profile';

/**
 * Spec §2: Information, Associations, Availability, Active Swarms, Claimed Swarms, in this order, with How to alert me
 * (text, notifications, email) after Availability; then the statistics of each association the member is an admin of,
 * and last the member's account (download their data, delete the account).
 */
export function MemberProfilePage() {
  const information = useInformation();
  const availability = useAvailability();
  // The same query as the Associations section's, so the list is fetched once.
  const companies = useMemberCompanies();
  const administered = (companies.data ?? []).filter((company) => company.isAdmin);

  return (
    <Article>
      <title>{`${PAGE_TITLE} | Swarm Alert`}</title>
      <Heading id="profile" data-tour="profile">
        {PAGE_TITLE}
      </Heading>

      {availability.data && <TimeZonePrompt storedZone={availability.data.timeZone} />}

      <SectionCard id="information" aria-labelledby="information-heading">
        <SectionHeading id="information-heading">Information</SectionHeading>
        {information.data ? (
          <InformationForm key={informationSignature(information.data)} information={information.data} requireAll={false} />
        ) : (
          information.isError && <LoadFailed what="your information" onRetry={() => void information.refetch()} />
        )}
      </SectionCard>

      <AssociationsSection />

      <SectionCard id="availability" data-tour="availability" aria-labelledby="availability-heading">
        <SectionHeading id="availability-heading">Availability</SectionHeading>
        {availability.data ? (
          <AvailabilityForm availability={availability.data} />
        ) : (
          availability.isError && <LoadFailed what="your availability" onRetry={() => void availability.refetch()} />
        )}
      </SectionCard>

      <AlertChannelsSection />

      <ActiveSwarmsSection />
      <ClaimedSwarmsSection />

      {administered.map((company) => (
        <Fragment key={company.companyId}>
          <AssociationStatisticsSection companyId={company.companyId} companyName={company.companyName} />
          <AssociationMapSection companyId={company.companyId} companyName={company.companyName} />
        </Fragment>
      ))}

      <AccountSection />

      {information.data && !availability.isPending && <ProfileGuidance information={information.data} />}
    </Article>
  );
}

/** Spec §4: first the Required Information modal until name, phone and address are there, then the tour once. */
function ProfileGuidance({ information }: { information: MemberInformation }) {
  const notify = useNotify();
  const updateOnboarding = useUpdateOnboarding();

  if (!isInformationComplete(information)) return <RequiredInformationModal information={information} />;
  if (!shouldShowDashboardTour(information)) return null;

  const finish = async () => {
    try {
      await updateOnboarding.mutateAsync({ onboardingId: DASHBOARD_TOUR_ID, status: 'c' });
      notify.success(informationMessages.onboardingUpdated);
    } catch (error) {
      notify.error(informationMessages.updateFailed, error instanceof Error ? error.message : undefined);
    }
  };
  return <OnboardingTour steps={dashboardTourSteps} onFinish={() => void finish()} />;
}

function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert">
      <p>{`We could not load ${what}.`}</p>
      <Button type="button" $variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

const informationSignature = ({ name, phoneNumber, address }: MemberInformation) => JSON.stringify([name, phoneNumber, address]);

const Article = styled.article`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};

  p {
    margin: 0;
  }
`;

const Heading = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.heading};
  scroll-margin-top: ${({ theme }) => theme.space.xl};
`;
