import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions, DialogBody } from '@/components/ui/dialog';
import { isInactive, useMemberCompanies, type MemberCompany } from '../api/get-member-companies';
import { useJoinByCode } from '../lib/use-join-by-code';
import { REMOVE_SUCCESS_MESSAGE, removeFailureMessage, useRemoveAssociation } from '../api/remove-association';
import { ACTIVATION_CODE_LENGTH, activationCodeRules } from '../lib/activation-code-rules';
import { associationAdminUrl } from '../lib/admin-url';
import { useToast } from '@/components/ui/toast';
import { CodeInput, FieldError } from './activation-code-field';
import { InactiveAssociationModal } from './inactive-association-modal';

export const REMOVE_CONFIRMATION = 'Are you sure you want to remove this association?';

const Section = styled.section`
  margin: ${({ theme }) => `${theme.space.lg} 0`};

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.subheading};
  }
`;

const JoinForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
`;

const CodeField = styled.div`
  flex: 1 1 12rem;
`;

const AddButton = styled(Button)`
  align-self: flex-end;
`;

const List = styled.ul`
  margin: ${({ theme }) => `${theme.space.md} 0 0`};
  padding: 0;
  list-style: none;
`;

const Item = styled.li<{ $inactive: boolean }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 48px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme, $inactive }) => ($inactive ? theme.colors.danger : theme.colors.text)};
  overflow-wrap: anywhere;

  a {
    color: inherit;
  }
`;

const TrashButton = styled.button`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border: none;
  border-radius: ${({ theme }) => theme.radii.small};
  background: transparent;
  color: ${({ theme }) => theme.colors.danger};
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.secondaryHover};
  }
`;

function TrashIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
    </svg>
  );
}

function CompanyName({ company }: { company: MemberCompany }) {
  const label = `${company.companyName}${isInactive(company) ? ' (Inactive)' : ''}`;
  const adminUrl = company.isAdmin ? associationAdminUrl(company.companyId) : undefined;
  if (!adminUrl) return <span>{label}</span>;
  return (
    <a href={adminUrl} target="_blank" rel="noopener noreferrer" title="Open the association admin page">
      {label}
    </a>
  );
}

/** Spec §2's confirmation before leaving an association, in the site's own dialog (a browser's box cannot be styled or read the same everywhere). */
function RemoveAssociationDialog({ company, onCancel, onConfirm }: { company: MemberCompany; onCancel: () => void; onConfirm: () => void }) {
  // Leaving is the risky answer: the focus starts on Cancel.
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog title={`Remove ${company.companyName}?`} role="alertdialog" onClose={onCancel} initialFocusRef={cancelRef} describedBy="remove-association-text">
      <DialogBody id="remove-association-text">
        <p>{REMOVE_CONFIRMATION}</p>
        <p>You will no longer get swarm alerts through this association.</p>
      </DialogBody>
      <DialogActions>
        <Button ref={cancelRef} type="button" $variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="button" onClick={onConfirm}>
          Remove
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The member's associations (spec §2): join with an activation code, see each association's status, leave. */
export function AssociationsSection() {
  const headingId = useId();
  const inputId = useId();
  const errorId = useId();
  const companies = useMemberCompanies();
  const { joinByCode, isPending: joining } = useJoinByCode();
  const toast = useToast();
  const remove = useRemoveAssociation();
  const [modalDismissed, setModalDismissed] = useState(false);
  const [removing, setRemoving] = useState<MemberCompany | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<{ activationCode: string }>({ defaultValues: { activationCode: '' } });

  const submit = handleSubmit(async ({ activationCode }) => {
    if (await joinByCode(activationCode)) reset();
  });

  const removeCompany = async (company: MemberCompany) => {
    setRemoving(null);
    try {
      await remove.mutateAsync(company.companyId);
      toast.success(REMOVE_SUCCESS_MESSAGE);
    } catch (error) {
      toast.error(removeFailureMessage(error));
    }
  };

  const list = companies.data ?? [];
  const inactive = list.filter(isInactive);

  return (
    <Section id="associations" aria-labelledby={headingId} data-tour="associations">
      <h2 id={headingId}>Associations</h2>
      <JoinForm onSubmit={submit} noValidate>
        <CodeField>
          <label htmlFor={inputId}>Activation code</label>
          <CodeInput
            id={inputId}
            data-tour="activation-code"
            autoComplete="off"
            maxLength={ACTIVATION_CODE_LENGTH}
            aria-invalid={errors.activationCode ? true : undefined}
            aria-describedby={errors.activationCode ? errorId : undefined}
            {...register('activationCode', activationCodeRules)}
          />
          {errors.activationCode && <FieldError id={errorId}>{errors.activationCode.message}</FieldError>}
        </CodeField>
        <AddButton type="submit" data-tour="add-association" disabled={joining}>
          Add association
        </AddButton>
      </JoinForm>

      {companies.isPending && <p>Loading your associations…</p>}
      {companies.isError && <p role="alert">Your associations could not be loaded. Refresh the page and try again.</p>}
      {companies.isSuccess && list.length === 0 && <p>You have not joined an association yet. Enter the activation code your association gave you.</p>}
      {list.length > 0 && (
        <List aria-label="Your associations">
          {list.map((company) => (
            <Item key={company.companyId} $inactive={isInactive(company)}>
              <CompanyName company={company} />
              <TrashButton
                type="button"
                aria-label={`Remove ${company.companyName}`}
                disabled={remove.isPending}
                aria-haspopup="dialog"
                onClick={() => setRemoving(company)}
              >
                <TrashIcon />
              </TrashButton>
            </Item>
          ))}
        </List>
      )}

      {removing && <RemoveAssociationDialog company={removing} onCancel={() => setRemoving(null)} onConfirm={() => void removeCompany(removing)} />}

      {inactive.length > 0 && !modalDismissed && (
        <InactiveAssociationModal inactiveNames={inactive.map((company) => company.companyName)} onClose={() => setModalDismissed(true)} />
      )}
    </Section>
  );
}
