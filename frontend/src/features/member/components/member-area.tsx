import { Outlet } from 'react-router-dom';

/** Spec §2: the member area is a parent route with a single inner route for the profile. */
export function MemberArea() {
  return <Outlet />;
}
