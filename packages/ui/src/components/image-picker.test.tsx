import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImagePicker } from './image-picker.tsx';

const drawImage = vi.fn();

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:picked');
  URL.revokeObjectURL = vi.fn();
  const context = { drawImage, canvas: document.createElement('canvas') };
  for (const name of [
    'clearRect',
    'save',
    'restore',
    'beginPath',
    'rect',
    'fill',
    'strokeRect',
    'fillRect',
  ]) {
    Object.assign(context, { [name]: vi.fn() });
  }
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback) =>
    callback(new Blob(['png'], { type: 'image/png' })),
  );
});

afterEach(() => vi.restoreAllMocks());

function png(size = 1000, type = 'image/png', name = 'logo.png') {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function loadImage(width: number, height: number) {
  const image = document.querySelector('img[src="blob:picked"]') as HTMLImageElement;
  Object.defineProperty(image, 'naturalWidth', { value: width });
  Object.defineProperty(image, 'naturalHeight', { value: height });
  fireEvent.load(image);
}

describe('ImagePicker', () => {
  it('opens the select modal with the help text', async () => {
    render(<ImagePicker onSave={() => {}} title="Upload logo" uploadHeaderText="Upload your logo" />);

    await userEvent.click(screen.getByRole('button', { name: 'Upload logo' }));

    const dialog = screen.getByRole('dialog', { name: 'Upload your logo' });
    expect(dialog).toHaveTextContent('Recommended 300 x 300 or larger. Max 8MB.');
    expect(screen.getByLabelText(/Choose an image/)).toHaveAttribute('accept', 'image/png,image/jpeg');
  });

  it.each([
    ['over 8 MB', png(8 * 1024 * 1024 + 1)],
    ['not PNG or JPEG', png(1000, 'image/gif', 'a.gif')],
  ])('rejects a file %s with "Please upload a valid file"', async (_, file) => {
    render(<ImagePicker onSave={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Upload image' }));

    await userEvent.upload(screen.getByLabelText(/Choose an image/), file, { applyAccept: false });

    expect(screen.getByRole('alert')).toHaveTextContent('Please upload a valid file');
    expect(screen.getByRole('dialog', { name: 'Upload image' })).toBeInTheDocument();
  });

  it('honours a custom size limit and type list', async () => {
    render(<ImagePicker onSave={() => {}} maxFileSize={500} acceptedFileTypes={['image/webp']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Upload image' }));

    await userEvent.upload(screen.getByLabelText(/Choose an image/), png(400, 'image/webp', 'a.webp'));

    expect(screen.getByRole('dialog', { name: 'Edit image' })).toBeInTheDocument();
  });

  it('goes on to the editor, crops from the keyboard and saves a PNG file', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(<ImagePicker onSave={onSave} editHeaderText="Edit your logo" />);
    await user.click(screen.getByRole('button', { name: 'Upload image' }));
    await user.upload(screen.getByLabelText(/Choose an image/), png());

    expect(screen.getByRole('dialog', { name: 'Edit your logo' })).toBeInTheDocument();
    loadImage(600, 600);
    const canvas = screen.getByRole('img', { name: 'Crop area' });
    expect(canvas).toHaveAttribute('width', '300');
    expect(canvas).toHaveAttribute('height', '300');
    expect(screen.getByText('Crop 300 by 300')).toBeInTheDocument();
    canvas.focus();
    await user.keyboard('{Shift>}{ArrowLeft}{ArrowUp}{/Shift}{ArrowRight}');
    expect(screen.getByText('Crop 295 by 295')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    const file = onSave.mock.calls[0]?.[0] as File;
    expect(file.type).toBe('image/png');
    expect(file.name).toBe('logo.png');
    // Scale 2: the 295 px crop moved 5 px right starts at 10 source pixels and spans 590.
    expect(drawImage).toHaveBeenLastCalledWith(expect.anything(), 10, 0, 590, 590, 0, 0, 590, 590);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload image' })).toHaveFocus();
  });

  it('moves and resizes the crop by dragging, never below 10 px', async () => {
    render(<ImagePicker onSave={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Upload image' }));
    await userEvent.upload(screen.getByLabelText(/Choose an image/), png());
    loadImage(300, 300);
    const canvas = screen.getByRole('img', { name: 'Crop area' });

    fireEvent.pointerDown(canvas, { clientX: 298, clientY: 298, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 0, clientY: 0, pointerId: 1 });
    fireEvent.pointerUp(canvas, { pointerId: 1 });

    expect(screen.getByText('Crop 10 by 10')).toBeInTheDocument();
  });

  it('starts from an image URL, fetched into a file', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('x', { headers: { 'content-type': 'image/png' } }),
    );
    render(<ImagePicker onSave={() => {}} imageUrl="https://cdn.example/logo.png" />);

    await userEvent.click(screen.getByRole('button', { name: 'Upload image' }));

    expect(await screen.findByRole('dialog', { name: 'Edit image' })).toBeInTheDocument();
  });

  it('only logs a failed fetch and stays on the select modal', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    render(<ImagePicker onSave={() => {}} imageUrl="https://cdn.example/logo.png" />);

    await userEvent.click(screen.getByRole('button', { name: 'Upload image' }));

    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(screen.getByRole('dialog', { name: 'Upload image' })).toBeInTheDocument();
  });
});
