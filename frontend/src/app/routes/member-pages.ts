/** The member area and its profile page, fetched together: the area never shows without the page. */
export { MemberArea } from '@/features/member/components/member-area';
export { MemberProfilePage } from './member-profile-page';
