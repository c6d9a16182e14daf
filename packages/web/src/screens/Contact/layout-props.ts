import type { TPinGrant } from '../../platform/events.ts';
import type { TContactModel } from './model.ts';

/** What every card layout receives. */
export interface TLayoutProps {
  model: TContactModel;
  /** Applies a PIN grant (phones, e-mails, access token) to the shown card. */
  onPinGranted: (grant: TPinGrant) => void;
}
