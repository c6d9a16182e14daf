import type { ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { DIALOG_MAX_WIDTH } from '@vbc/shared/constants';

export interface TAppDialogProps {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  /** docs/contracts.md §9 dialog max widths: 440 (default), 500 (announcement), 400. */
  maxWidth?: number;
  children: ReactNode;
  /** data-testid of the dialog paper. */
  testId?: string;
}

/** The one dialog frame: dark paper, docs/contracts.md §9 max width, full width on a phone. */
export default function AppDialog({ open, onClose, title, maxWidth = DIALOG_MAX_WIDTH, children, testId }: TAppDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={false}
      aria-labelledby={title ? `${testId ?? 'dialog'}-title` : undefined}
      slotProps={{
        paper: { sx: { maxWidth, m: 2, width: 'calc(100% - 32px)', borderRadius: 3 }, ...(testId ? { 'data-testid': testId } : {}) },
      }}
    >
      {title && (
        <DialogTitle id={`${testId ?? 'dialog'}-title`} sx={{ fontWeight: 700 }}>
          {title}
        </DialogTitle>
      )}
      {children}
    </Dialog>
  );
}
