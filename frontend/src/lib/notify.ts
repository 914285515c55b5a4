import { useToast, type ToastApi } from '@/components/ui/toast';

export type Notify = ToastApi;

/** The one place the login page and the member area raise messages through: the app-wide toasts. */
export const useNotify = (): Notify => useToast();
