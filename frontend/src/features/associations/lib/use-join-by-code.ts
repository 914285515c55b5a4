import { useToast } from '@/components/ui/toast';
import { JOIN_SUCCESS_MESSAGE, joinFailureMessage, useJoinAssociation } from '../api/join-association';

/** Joining by activation code from the section or the inactive-association dialog, with the toasts of spec §8. */
export function useJoinByCode(): { joinByCode: (activationCode: string) => Promise<boolean>; isPending: boolean } {
  const join = useJoinAssociation();
  const toast = useToast();
  const joinByCode = async (activationCode: string): Promise<boolean> => {
    try {
      await join.mutateAsync(activationCode.trim());
      toast.success(JOIN_SUCCESS_MESSAGE);
      return true;
    } catch (error) {
      toast.error(joinFailureMessage(error));
      return false;
    }
  };
  return { joinByCode, isPending: join.isPending };
}
