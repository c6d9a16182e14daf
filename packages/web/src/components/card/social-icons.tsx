/**
 * One icon and brand colour per docs/contracts.md §3 social media type (all 12). Brands
 * without an icon in @mui/icons-material get a plain glyph of our own drawing.
 */
import type { ReactElement } from 'react';
import SvgIcon from '@mui/material/SvgIcon';
import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import TelegramIcon from '@mui/icons-material/Telegram';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import XIcon from '@mui/icons-material/X';
import YouTubeIcon from '@mui/icons-material/YouTube';
import type { TSocialMediaType } from '@vbc/shared/contact';

/** Messenger: a speech bubble with a zig-zag. */
const MessengerIcon = () => (
  <SvgIcon>
    <path d="M12 2C6.5 2 2 6.1 2 11.2c0 2.9 1.4 5.5 3.7 7.2V22l3.4-1.9c.9.3 1.9.4 2.9.4 5.5 0 10-4.1 10-9.3S17.5 2 12 2zm1 12.4-2.6-2.7-4.9 2.7 5.4-5.7 2.6 2.7 4.8-2.7-5.3 5.7z" />
  </SvgIcon>
);
/** Viber: a handset inside a bubble. */
const ViberIcon = () => (
  <SvgIcon>
    <path d="M12 2C6.8 2 3 5.3 3 10.3c0 2.8 1.1 4.9 3 6.3V21l3.2-2.3c.9.2 1.8.3 2.8.3 5.2 0 9-3.4 9-8.4S17.2 2 12 2zm3.9 11.6c-.3.7-1.4 1.3-2 1.3-1.4-.1-3.2-1-4.6-2.4-1.4-1.4-2.3-3.2-2.4-4.6 0-.6.6-1.7 1.3-2 .3-.1.6 0 .8.2l1 1.4c.2.3.2.6 0 .9l-.5.6c.4 1 1.3 1.9 2.3 2.3l.6-.5c.3-.2.6-.2.9 0l1.4 1c.2.2.3.5.2.8z" />
  </SvgIcon>
);
/** WeChat: two overlapping bubbles. */
const WeChatIcon = () => (
  <SvgIcon>
    <path d="M9.3 3C5.3 3 2 5.7 2 9.1c0 1.9 1 3.6 2.7 4.8L4 16.2l2.6-1.4c.8.2 1.7.4 2.7.4h.4a5.6 5.6 0 0 1-.2-1.5c0-3.5 3.4-6.3 7.5-6.3h.4C16.6 4.9 13.3 3 9.3 3zM6.8 7.9a1 1 0 1 1 0-2 1 1 0 0 1 0 2zm5 0a1 1 0 1 1 0-2 1 1 0 0 1 0 2zM22 13.7c0-2.8-2.8-5.1-6.1-5.1s-6.1 2.3-6.1 5.1 2.8 5.1 6.1 5.1c.7 0 1.4-.1 2-.3l2.2 1.2-.6-1.9c1.5-1 2.5-2.5 2.5-4.1zm-8.1-.8a.8.8 0 1 1 0-1.7.8.8 0 0 1 0 1.7zm4 0a.8.8 0 1 1 0-1.7.8.8 0 0 1 0 1.7z" />
  </SvgIcon>
);
/** TikTok: a note with an offset shadow stroke. */
const TikTokIcon = () => (
  <SvgIcon>
    <path d="M16.5 2h-3.3v13.1a2.9 2.9 0 1 1-2.9-2.9c.3 0 .6 0 .9.1V8.9a6.2 6.2 0 1 0 5.3 6.2V8.6a7.6 7.6 0 0 0 4.5 1.5V6.8A4.5 4.5 0 0 1 16.5 2z" />
  </SvgIcon>
);
/** LINE: a rounded bubble with the word written in it. */
const LineIcon = () => (
  <SvgIcon>
    <path d="M12 2.5C6.2 2.5 1.5 6.3 1.5 11c0 4.2 3.7 7.7 8.8 8.4.7.1.6.7.5 1.3l-.2 1c0 .3.2.8.9.4 5.1-3 11-6.7 11-11.1 0-4.7-4.7-8.5-10.5-8.5z" />
    <path
      fill="#06C755"
      d="M5 8.6h1.2v3.9h2.3v1H5zm4.3 0h1.2v4.9H9.3zm2.3 0h1.1l2.1 3v-3H16v4.9h-1.1l-2.1-3v3h-1.2zm5.2 0h3.3v1h-2.1v.9h2.1v1h-2.1v.9h2.1v1h-3.3z"
    />
  </SvgIcon>
);

export const SOCIAL_STYLE: Record<TSocialMediaType, { icon: () => ReactElement; color: string }> = {
  Facebook: { icon: () => <FacebookIcon />, color: '#1877F2' },
  Messenger: { icon: MessengerIcon, color: '#0A7CFF' },
  Twitter: { icon: () => <XIcon />, color: '#000000' },
  Instagram: { icon: () => <InstagramIcon />, color: '#E1306C' },
  LinkedIn: { icon: () => <LinkedInIcon />, color: '#0A66C2' },
  Viber: { icon: ViberIcon, color: '#7360F2' },
  Whatsapp: { icon: () => <WhatsAppIcon />, color: '#25D366' },
  WeChat: { icon: WeChatIcon, color: '#07C160' },
  Telegram: { icon: () => <TelegramIcon />, color: '#229ED9' },
  Youtube: { icon: () => <YouTubeIcon />, color: '#FF0000' },
  TikTok: { icon: TikTokIcon, color: '#111111' },
  Line: { icon: LineIcon, color: '#06C755' },
};
