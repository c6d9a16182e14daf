import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '../../theme.ts';
import AuthForm from './AuthForm.tsx';
import { useAuthForm } from './use-auth-form.ts';

function SignIn() {
  const form = useAuthForm({ isSignedIn: () => false, signIn: () => undefined, onDone: () => undefined });
  return <AuthForm form={form} onCancel={() => undefined} />;
}

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ThemeProvider theme={theme}>
        <SignIn />
      </ThemeProvider>
    </QueryClientProvider>,
  );

const contact = () => screen.getByTestId('contact-input');
const nameInput = () => screen.getByTestId('name-input');
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
/** The messages under the fields, as a person reads them. */
const messages = () => [...document.querySelectorAll('.MuiFormHelperText-root.Mui-error')].map((e) => e.textContent);
/** The message under the name field, if any. */
const nameMessage = () =>
  nameInput().closest('.MuiFormControl-root')?.querySelector('.Mui-error.MuiFormHelperText-root')?.textContent ?? null;
/** Lets the form's checks settle, then reads the messages. */
const settled = async () => {
  await new Promise((resolve) => setTimeout(resolve, 20));
  return messages();
};

afterEach(cleanup);

// The first render of the MUI tree in jsdom is slow on a busy machine.
describe('sign-in form messages (docs/contracts.md §5)', { timeout: 20_000 }, () => {
  it('shows a contact message once the field is left, then follows the typing', async () => {
    show();
    type(contact(), 'ana@');
    expect(await settled()).toEqual([]);
    fireEvent.blur(contact());
    await waitFor(() => expect(messages()).toEqual(['Invalid email format']));
    type(contact(), 'ana@example.com');
    await waitFor(() => expect(messages()).toEqual([]));
    type(contact(), '');
    await waitFor(() => expect(messages()).toEqual(['Required.']));
  });

  it('shows the name message only after the name is left non-empty, then follows the typing', async () => {
    show();
    fireEvent.click(screen.getByRole('tab', { name: 'Register' }));
    fireEvent.blur(nameInput());
    await settled();
    expect(nameMessage()).toBeNull();
    type(nameInput(), 'Jo');
    await settled();
    expect(nameMessage()).toBeNull();
    fireEvent.blur(nameInput());
    await waitFor(() => expect(nameMessage()).toBe('Min 3 characters'));
    type(nameInput(), 'Joe');
    await waitFor(() => expect(nameMessage()).toBeNull());
    type(nameInput(), '');
    await waitFor(() => expect(nameMessage()).toBe('Required.'));
  });

  it('forgets the contact message when the channel changes, until the field is left or submitted', async () => {
    show();
    type(contact(), 'ana@');
    fireEvent.click(screen.getByTestId('auth-submit'));
    await waitFor(() => expect(messages()).toEqual(['Invalid email format']));

    fireEvent.click(screen.getByRole('button', { name: 'Phone' }));
    await waitFor(() => expect(messages()).toEqual([]));
    expect((contact() as HTMLInputElement).value).toBe('09');
    type(contact(), '091');
    expect(await settled()).toEqual([]);
    fireEvent.click(screen.getByTestId('auth-submit'));
    await waitFor(() => expect(messages()).toEqual(['Min 9 characters']));
  });

  it('switches from Phone back to Email and puts the cursor in the e-mail field', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Phone' }));
    await waitFor(() => expect((contact() as HTMLInputElement).value).toBe('09'));
    fireEvent.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() => expect((contact() as HTMLInputElement).type).toBe('email'));
    expect(document.activeElement).toBe(contact());
  });
});
