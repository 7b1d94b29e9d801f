import { flushPromises, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import QrCamera from '../../../../src-renderer/components/cosign/QrCamera.vue';

/**
 * The camera reader's contract with the browser: it asks for video alone, never the microphone,
 * and says in words what to do instead when the camera is refused or missing. Reading codes from
 * a real stream is covered in Chromium with its fake camera (test/e2e/offline-signer.test.ts).
 */
function stubCamera(getUserMedia: (constraints: MediaStreamConstraints) => Promise<MediaStream>) {
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
}

describe('QrCamera', () => {
  const play = HTMLMediaElement.prototype.play;
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
    HTMLMediaElement.prototype.play = play;
  });

  it('asks for video only and, when the camera is refused, says to use a file or paste instead', async () => {
    const asked: MediaStreamConstraints[] = [];
    stubCamera(async (constraints) => {
      asked.push(constraints);
      throw new DOMException('denied', 'NotAllowedError');
    });
    const wrapper = mount(QrCamera);
    await wrapper.find('button').trigger('click');
    await flushPromises();
    expect(asked).toHaveLength(1);
    expect(asked[0]!.audio).toBe(false);
    expect(asked[0]!.video).toBeTruthy();
    expect(wrapper.find('[role="alert"]').text()).toBe(
      'The camera was not allowed. Use a file or paste the envelope instead.',
    );
    expect(wrapper.find('[data-testid="qr-camera"]').attributes('data-scanning')).toBe('false');
  });

  it('says so when the computer has no camera', async () => {
    stubCamera(async () => {
      throw new DOMException('none', 'NotFoundError');
    });
    const wrapper = mount(QrCamera);
    await wrapper.find('button').trigger('click');
    await flushPromises();
    expect(wrapper.find('[role="alert"]').text()).toContain('No camera was found on this computer');
  });

  it('stops every track of the stream when it is taken off the page', async () => {
    const stop = vi.fn();
    stubCamera(async () => {
      const stream = new MediaStream();
      stream.getTracks = () => [{ stop } as unknown as MediaStreamTrack];
      return stream;
    });
    HTMLMediaElement.prototype.play = vi.fn(async () => undefined);
    const wrapper = mount(QrCamera);
    await wrapper.find('button').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid="qr-camera"]').attributes('data-scanning')).toBe('true');
    wrapper.unmount();
    expect(stop).toHaveBeenCalledTimes(1);
  });
});
