import Avatar from '@mui/material/Avatar';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import type { TCounterpart } from '@vbc/shared/conversation';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?';

/** The other side's card picture, else their initials; a muted mark for a deleted account. */
export default function CounterpartAvatar({ counterpart, size = 48 }: { counterpart: TCounterpart; size?: number }) {
  if (counterpart.deleted) {
    return (
      <Avatar sx={{ width: size, height: size, bgcolor: 'rgba(255,255,255,0.08)', color: 'text.disabled' }}>
        <PersonOffIcon />
      </Avatar>
    );
  }
  return (
    <Avatar
      src={counterpart.pictureUrl}
      alt=""
      sx={{
        width: size,
        height: size,
        fontWeight: 700,
        fontSize: size * 0.38,
        color: '#fff',
        background: 'linear-gradient(135deg, #8c6cff, #26c6da)',
      }}
    >
      {initials(counterpart.name)}
    </Avatar>
  );
}
