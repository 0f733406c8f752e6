import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { POPOVER_CLOSE_DELAY, POPOVER_OPEN_DELAY, Popover } from './popover.tsx';

afterEach(() => vi.useRealTimers());

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('Popover', () => {
  it('uses a 600 ms open and a 200 ms close delay', () => {
    expect([POPOVER_OPEN_DELAY, POPOVER_CLOSE_DELAY]).toEqual([600, 200]);
  });

  it('opens 600 ms after hover and closes 200 ms after leaving', () => {
    vi.useFakeTimers();
    render(
      <Popover title="Outage" content="This provider is down">
        <button type="button">Info</button>
      </Popover>,
    );
    const trigger = screen.getByRole('button', { name: 'Info' });

    fireEvent.pointerEnter(trigger);
    advance(599);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    advance(1);
    expect(screen.getByRole('dialog', { name: 'Outage' })).toHaveTextContent('OutageThis provider is down');

    fireEvent.pointerLeave(trigger);
    advance(199);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens on focus and stays open while the pointer moves onto it', () => {
    vi.useFakeTimers();
    render(
      <Popover content="Details">
        <button type="button">Info</button>
      </Popover>,
    );
    const trigger = screen.getByRole('button', { name: 'Info' });

    fireEvent.focus(trigger);
    advance(600);
    fireEvent.pointerLeave(trigger);
    fireEvent.pointerEnter(screen.getByRole('dialog'));
    advance(1000);

    expect(screen.getByRole('dialog', { name: 'Details' })).toBeInTheDocument();
  });

  it('does not toggle on click when it is a hover popover', async () => {
    render(
      <Popover content="Details">
        <button type="button">Info</button>
      </Popover>,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Info' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('toggles on click for the click trigger and closes on a click outside', async () => {
    const onOpenChange = vi.fn();
    render(
      <>
        <Popover trigger="click" title="Help" onOpenChange={onOpenChange}>
          <button type="button">Open help</button>
        </Popover>
        <p>Elsewhere</p>
      </>,
    );
    const trigger = screen.getByRole('button', { name: 'Open help' });

    await userEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(trigger);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(trigger);
    await userEvent.click(screen.getByText('Elsewhere'));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onOpenChange.mock.calls).toEqual([[true], [false], [true], [false]]);
  });

  it('stays open on a click outside when closeOnClickOutside is off', async () => {
    render(
      <>
        <Popover trigger="click" title="Help" closeOnClickOutside={false}>
          <button type="button">Open help</button>
        </Popover>
        <p>Elsewhere</p>
      </>,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Open help' }));
    await userEvent.click(screen.getByText('Elsewhere'));

    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closes on a click inside only when closeOnClick is set', async () => {
    const { rerender } = render(
      <Popover trigger="click" title="Help">
        <button type="button">Open help</button>
      </Popover>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open help' }));
    await userEvent.click(screen.getByText('Help'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    rerender(
      <Popover trigger="click" title="Help" closeOnClick>
        <button type="button">Open help</button>
      </Popover>,
    );
    await userEvent.click(screen.getByText('Help'));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays hidden when open but with neither title nor content', () => {
    render(
      <Popover open>
        <button type="button">Info</button>
      </Popover>,
    );

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
