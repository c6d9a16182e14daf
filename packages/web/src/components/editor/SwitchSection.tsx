import type { ReactNode } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import EditorSection from './EditorSection.tsx';

/** An editor section holding one labelled on/off switch (a card's setting), bound by a value and its setter. */
export default function SwitchSection({
  id,
  icon,
  title,
  hint,
  label,
  checked,
  onChange,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  hint: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <EditorSection id={id} icon={icon} title={title} hint={hint}>
      <FormControlLabel control={<Switch checked={checked} onChange={(e) => onChange(e.target.checked)} />} label={label} />
    </EditorSection>
  );
}
