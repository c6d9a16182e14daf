import type { TVirtualContact } from '@vbc/shared/contact';

/** SPEC §3 personal account, as GET /api/personalAccount/myAccount returns it. */
export interface TPersonalAccount {
  accountName: string;
  accountPhoneNumber: string | null;
  accountEmail: string | null;
  virtualContacts: Pick<TVirtualContact, 'virtualContactId' | 'quickId' | 'name' | 'firstName' | 'lastName'>[];
  virtualPets: { virtualPetId: string; name: string }[];
}

/** SPEC §3 login result. */
export interface TLoginResult {
  accessToken: string;
  sessionId: string;
  account: TPersonalAccount;
}
