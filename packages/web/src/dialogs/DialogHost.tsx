import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import type { TVirtualContact } from '@vbc/shared/contact';
import { useClientEvent, type TClientEvents, type TPromptRequest } from '../platform/events.ts';
import { readStored } from '../platform/storage.ts';
import { useSession } from '../session/SessionContext.tsx';
import AuthHost from './auth/AuthHost.tsx';
import { lazyWithQueries } from '../query-root/lazy-with-queries.tsx';

const QrCodeDialog = lazy(() => import('./QrCodeDialog.tsx'));
const PromptDialog = lazyWithQueries(() => import('./PromptDialog.tsx'));
const ContactShareDialog = lazy(() => import('./ContactShareDialog.tsx'));
const PetShareDialog = lazy(() => import('./PetShareDialog.tsx'));
const PinDialog = lazyWithQueries(() => import('./pin/PinDialog.tsx'));
const WalletPassDialog = lazyWithQueries(() => import('./wallet/WalletPassDialog.tsx'));
const ScannerDialog = lazyWithQueries(() => import('./scanner/ScannerDialog.tsx'));
const AppMenu = lazyWithQueries(() => import('./AppMenu.tsx'));
const SendMessageDialog = lazyWithQueries(() => import('./send-message/SendMessageDialog.tsx'));

/**
 * Opens the app-wide windows asked for through client events (QR code,
 * yes/no prompt, contact share, PIN entry, Send Message). Each dialog's code loads on first use;
 * a window that writes loads with the query layer (`lazyWithQueries`: its writes are mutations).
 */
export default function DialogHost() {
  const [qr, setQr] = useState<TClientEvents['qr'] | null>(null);
  const [prompt, setPrompt] = useState<TPromptRequest | null>(null);
  const [share, setShare] = useState<TVirtualContact | null>(null);
  useClientEvent('qr', setQr);
  useClientEvent('prompt', setPrompt);
  useClientEvent('shareContact', ({ contact }) => setShare(contact));
  const [petShare, setPetShare] = useState<TClientEvents['sharePet'] | null>(null);
  useClientEvent('sharePet', setPetShare);
  const [pin, setPin] = useState<TClientEvents['enterPin'] | null>(null);
  useClientEvent('enterPin', setPin);
  const [wallet, setWallet] = useState<{ provider: 'apple' | 'google'; id: string } | null>(null);
  useClientEvent('generateAppleWalletPass', ({ virtualContactId }) => setWallet({ provider: 'apple', id: virtualContactId }));
  const [scanning, setScanning] = useState(false);
  useClientEvent('scanQr', () => setScanning(true));
  useClientEvent('generateGoogleWalletPass', ({ virtualContactId }) => setWallet({ provider: 'google', id: virtualContactId }));
  const [menu, setMenu] = useState(false);
  useClientEvent('menu', () => setMenu(true));
  // Send Message is the signed-in session's: asked under one token, it closes when that session ends.
  // The token is the stored one: a window asked for right after sign-in (`onSignedIn`) comes
  // before this host has rendered the new session.
  const { account, accessToken } = useSession();
  const navigate = useNavigate();
  const [send, setSend] = useState<{ request: TClientEvents['sendMessage']; token: string | null } | null>(null);
  useClientEvent('sendMessage', (request) => setSend({ request, token: readStored('accessToken') }));
  const sendTo = send && account && send.token === accessToken ? send.request : null;
  return (
    <Suspense fallback={null}>
      {qr && <QrCodeDialog request={qr} onClose={() => setQr(null)} />}
      {prompt && <PromptDialog request={prompt} onClose={() => setPrompt(null)} />}
      {share && <ContactShareDialog contact={share} onClose={() => setShare(null)} />}
      {petShare && <PetShareDialog pet={petShare} onClose={() => setPetShare(null)} />}
      <AuthHost />
      {pin && <PinDialog request={pin} onClose={() => setPin(null)} />}
      {scanning && <ScannerDialog onClose={() => setScanning(false)} />}
      {wallet && (
        <WalletPassDialog
          key={`${wallet.provider}:${wallet.id}`}
          provider={wallet.provider}
          id={wallet.id}
          onClose={() => setWallet(null)}
        />
      )}
      {menu && <AppMenu onClose={() => setMenu(false)} />}
      {sendTo && account && (
        <SendMessageDialog
          key={sendTo.contact.virtualContactId}
          contact={sendTo.contact}
          account={account}
          onClose={() => setSend(null)}
          onOpenConversation={(id) => {
            setSend(null);
            navigate(`/messages/${encodeURIComponent(id)}`);
          }}
        />
      )}
    </Suspense>
  );
}
