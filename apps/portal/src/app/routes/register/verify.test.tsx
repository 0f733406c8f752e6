import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAppConfig } from '../../../testing/build-app-config.ts';
import {
  appConfigRoute,
  createFakeApi,
  type FakeHandler,
  type FakeRequest,
  json,
} from '../../../testing/fake-api.ts';
import { renderPortal } from '../../../testing/render.tsx';

const verifyRoute = 'POST /api/adviser/parties/external/verify';
const resent = 'We have sent you a new code';
const wrongCode = 'That code is not right. Check the e-mail, or ask for a new code.';

/** A platform answer, or undefined for the usual one (a code accepted, a new code sent). */
type Answer = (request: FakeRequest) => ReturnType<FakeHandler> | undefined;

/** The verify step for ada.lee@example.test; the platform checks codes and sends new ones as told. */
function openVerify({ check, send }: { check?: Answer; send?: Answer } = {}) {
  window.localStorage.setItem('waratah.registrationEmail', 'ada.lee@example.test');
  const api = createFakeApi({
    [appConfigRoute]: () => json({ data: buildAppConfig({ features: { ta_register: true } }) }),
    [verifyRoute]: (request) =>
      (request.body as { code?: string }).code
        ? (check?.(request) ??
          json({
            data: { email: 'ada.lee@example.test', email_verified: true, invitation_token: 'inv-9' },
          }))
        : (send?.(request) ?? json({ data: { email: 'ada.lee@example.test', email_verified: false } })),
  });
  return renderPortal({ url: '/register/verify', api });
}

function refuseCode() {
  return json({ error: { error_code: 'F0400', error_type: 'invalid', error_message: wrongCode } }, 400);
}

/** A new code that is sent only when `send` is called. */
function heldNewCode() {
  let send: () => void = () => {};
  const sent = new Promise<void>((resolve) => (send = resolve));
  const handler: FakeHandler = async () => {
    await sent;
    return json({ data: { email: 'ada.lee@example.test', email_verified: false } });
  };
  return { handler, send };
}

// The whole portal renders with its lazy routes: slow on a busy machine.
describe('Register verify route', { timeout: 20_000 }, () => {
  it('moves focus to “Email verified” once the code is accepted', async () => {
    const { user } = await openVerify();

    await user.type(await screen.findByRole('textbox', { name: 'Verification code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    // Before 2026-12-03 the form and its focused button went, and focus fell to the page body.
    const verified = await screen.findByText('Email verified', { selector: 'p' });
    expect(verified).toHaveAttribute('role', 'status');
    await waitFor(() => expect(verified).toHaveFocus());
  });

  it('drops “We have sent you a new code” once a code is checked, so it is not beside the code’s refusal', async () => {
    const { user } = await openVerify({ check: refuseCode });

    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText(resent)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText(wrongCode)).toBeInTheDocument();
    expect(screen.queryByText(resent)).not.toBeInTheDocument();
  });

  it('announces a second new code: its live region stays, emptied while the code is on its way', async () => {
    let held: ReturnType<typeof heldNewCode> | undefined;
    const { user } = await openVerify({ send: (request) => held?.handler(request) });

    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
    const region = (await screen.findByText(resent)).closest('[aria-live], [role="status"]');
    held = heldNewCode();
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));

    // Before 2026-12-03 the same words came back in a new element, which screen readers often do
    // not read: a live region is announced when its content changes, not when it is inserted.
    await waitFor(() => expect(region).toBeEmptyDOMElement());
    held.send();
    await waitFor(() => expect(region).toHaveTextContent(resent));
    expect(region).toBeInTheDocument();
  });

  it('holds Verify while a new code is on its way, so the code typed is not checked against it', async () => {
    const held = heldNewCode();
    const { api, user } = await openVerify({ send: held.handler });

    await user.type(await screen.findByRole('textbox', { name: 'Verification code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    const verify = screen.getByRole('button', { name: 'Verify' });
    // Before 2026-12-03 it was sent, refused once the new code replaced the old, and a try lost.
    expect(verify).toBeDisabled();
    await user.click(verify);
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '{Enter}');

    expect(api.requestsTo(verifyRoute).map(({ body }) => body)).toEqual([{ email: 'ada.lee@example.test' }]);
    held.send();
    await waitFor(() => expect(verify).toBeEnabled());
    await user.click(verify);
    await waitFor(() =>
      expect(api.requestsTo(verifyRoute).map(({ body }) => body)).toEqual([
        { email: 'ada.lee@example.test' },
        { email: 'ada.lee@example.test', code: '123456' },
      ]),
    );
  });
});
