import { cameraUrlProblem } from '@courtreplay/shared';
import { describe, expect, it } from 'vitest';
import { joinCameraUrl, splitCameraUrl } from './camera-address.ts';

describe('the Camera form: the address, user name and password apart, one URL for the server', () => {
  it('takes a pasted URL apart, decoding its user name and password', () => {
    expect(splitCameraUrl('rtsp://admin:Kata%40sandi%2F9@192.168.1.64:554/Streaming/Channels/101')).toEqual({
      address: 'rtsp://192.168.1.64:554/Streaming/Channels/101',
      user: 'admin',
      password: 'Kata@sandi/9',
    });
    // An unencoded @ in the password: the host follows the last one.
    expect(splitCameraUrl('RTSPS://admin:a@b@cam.local/live')).toEqual({
      address: 'RTSPS://cam.local/live',
      user: 'admin',
      password: 'a@b',
    });
    // An address the server would refuse (a lone %) stays whole, for its message to name the fault.
    expect(splitCameraUrl('rtsp://admin:100%@cam/x')).toEqual({ address: 'rtsp://admin:100%@cam/x', user: '', password: '' });
    expect(splitCameraUrl('rtsp://viewer@cam/x')).toEqual({ address: 'rtsp://cam/x', user: 'viewer', password: '' });
  });

  it('leaves an address without a user name or password, or without rtsp://, as it is', () => {
    expect(splitCameraUrl('rtsp://192.168.1.64/stream')).toEqual({ address: 'rtsp://192.168.1.64/stream', user: '', password: '' });
    expect(splitCameraUrl('http://a:b@cam/x')).toEqual({ address: 'http://a:b@cam/x', user: '', password: '' });
    expect(joinCameraUrl({ address: 'rtsp://cam/x', user: '', password: '' })).toBe('rtsp://cam/x');
    // The server's check then names what is wrong.
    expect(cameraUrlProblem(joinCameraUrl({ address: '192.168.1.64/x', user: 'admin', password: 'p' }))).not.toBeNull();
  });

  it.each(['Kata$andi9', 'p@ss:w/rd?#', 'ünïcødé kata', 'it\'s "quoted"', '100%', '%1F'])(
    'joins %j into a URL the server accepts and the form reads back the same',
    (password) => {
      const url = joinCameraUrl({ address: 'rtsp://192.168.1.64:554/Streaming/Channels/101', user: 'admin', password });
      expect(cameraUrlProblem(url)).toBeNull();
      expect(splitCameraUrl(url)).toEqual({ address: 'rtsp://192.168.1.64:554/Streaming/Channels/101', user: 'admin', password });
    },
  );
});
