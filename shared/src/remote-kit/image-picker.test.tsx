/**
 * @jest-environment jsdom
 *
 * The one image picker of the remotes: a chosen image is given to the caller, what the server would refuse
 * (type, 5 MB) comes back as the refusal instead, the label names the input, and with `removeLabel` a chosen
 * image can be taken back.
 */
import '../test-utils/setup-dom';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImagePicker, checkImage, MAX_IMAGE_BYTES, type ImageRejection } from './image-picker';

function Picker({ removeLabel, onChange }: { removeLabel?: string; onChange: jest.Mock }) {
  const [file, setFile] = useState<File>();
  return (
    <ImagePicker
      label="Transfer proof"
      hint="JPEG, PNG or WebP, up to 5 MB."
      chooseLabel="Choose image"
      changeLabel="Change image"
      removeLabel={removeLabel}
      name="proof"
      file={file}
      onChange={(chosen: File | undefined, rejection?: ImageRejection) => {
        onChange(chosen, rejection);
        setFile(chosen);
      }}
    />
  );
}

describe('checkImage', () => {
  it("answers the server's refusal for a wrong type or a file over 5 MB", () => {
    expect(checkImage({ type: 'image/png', size: 10 })).toBeUndefined();
    expect(checkImage({ type: 'application/pdf', size: 10 })).toEqual({ key: 'file_type_invalid' });
    expect(checkImage({ type: 'image/jpeg', size: MAX_IMAGE_BYTES + 1 })).toEqual({
      key: 'file_too_large',
      values: { max: '5 MB' },
    });
  });
});

describe('ImagePicker', () => {
  it('gives the chosen image to the caller, named by its label, and says "change" once chosen', async () => {
    const onChange = jest.fn();
    render(<Picker onChange={onChange} />);
    const input = screen.getByLabelText('Transfer proof');
    expect(input).toHaveAccessibleDescription('JPEG, PNG or WebP, up to 5 MB.');
    const file = new File(['png'], 'proof.png', { type: 'image/png' });
    await userEvent.upload(input, file);
    expect(onChange).toHaveBeenCalledWith(file, undefined);
    expect(screen.getByText('proof.png')).toBeInTheDocument();
    expect(screen.getByText('Change image')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('refuses what the server would refuse before anything is sent', async () => {
    const onChange = jest.fn();
    render(<Picker onChange={onChange} />);
    const pdf = new File(['%PDF'], 'proof.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('Transfer proof'), pdf, { applyAccept: false });
    expect(onChange).toHaveBeenCalledWith(undefined, { key: 'file_type_invalid' });
  });

  it('takes a chosen image back with removeLabel', async () => {
    const onChange = jest.fn();
    render(<Picker removeLabel="Remove" onChange={onChange} />);
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Transfer proof'), new File(['png'], 'a.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onChange).toHaveBeenLastCalledWith(undefined, undefined);
    expect(screen.queryByText('a.png')).not.toBeInTheDocument();
    expect(screen.getByText('Choose image')).toBeInTheDocument();
  });
});
