"""Configures GStreamer's RTSP server (Debian: gir1.2-gst-rtsp-server-1.0) for the synthetic cameras.

The server and its RTSP handling are the package's; this only mounts paths and sets the password.
Each mount re-serves the RTP/H.264 that a synthetic camera (ffmpeg) sends to a local UDP port, to
any number of readers over RTP/TCP, behind Basic authentication when a user is given.

Usage: rtsp-server.py HOST PORT [USER PASSWORD]. Prints "port N" once listening (PORT 0 picks
one), then reads "mount PATH UDP_PORT sdp|keyframe" lines on stdin. Ends when stdin closes.
"""

import sys

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstRtsp", "1.0")
gi.require_version("GstRtspServer", "1.0")
from gi.repository import GLib, Gst, GstRtsp, GstRtspServer  # noqa: E402

Gst.init(None)
host, port = sys.argv[1], sys.argv[2]
user, password = (sys.argv[3], sys.argv[4]) if len(sys.argv) >= 5 else (None, None)

server = GstRtspServer.RTSPServer()
server.set_address(host)
server.set_service(port)
mounts = server.get_mount_points()

if user is not None:
    auth = GstRtspServer.RTSPAuth()
    token = GstRtspServer.RTSPToken()
    token.set_string(GstRtspServer.RTSP_TOKEN_MEDIA_FACTORY_ROLE, "camera-reader")
    auth.add_basic(GstRtspServer.RTSPAuth.make_basic(user, password), token)
    server.set_auth(auth)


# How the camera sends H.264's parameter sets (SPS/PPS), as cameras differ: "sdp" only in the
# session description, "keyframe" also in the stream before every keyframe.
CONFIG_INTERVAL = {"sdp": 0, "keyframe": -1}


def mount(path, udp_port, parameter_sets):
    factory = GstRtspServer.RTSPMediaFactory()
    # The camera's H.264 is re-packetized untouched (no decoding, no parser); the depayloader keeps
    # the parameter sets aside for the session description, and the payloader puts them back in
    # the stream before every keyframe only for a camera of the "keyframe" kind. The jitter buffer times frames by the camera's RTP clock,
    # not by their arrival, so keyframes stay one second apart as the recorder's segments expect.
    factory.set_launch(
        f'( udpsrc address=127.0.0.1 port={udp_port} caps="application/x-rtp,media=video,'
        'encoding-name=H264,clock-rate=90000,payload=96" ! rtpjitterbuffer latency=10 ! rtph264depay '
        f"! rtph264pay name=pay0 pt=96 config-interval={CONFIG_INTERVAL[parameter_sets]} )"
    )
    # One pipeline per camera whatever the number of readers, as one camera serves them all.
    factory.set_shared(True)
    factory.set_protocols(GstRtsp.RTSPLowerTrans.TCP)
    if user is not None:
        role = Gst.Structure.new_from_string(
            "camera-reader, media.factory.access=(boolean)true, media.factory.construct=(boolean)true"
        )
        factory.add_role_from_structure(role)
    mounts.add_factory(f"/{path}", factory)


def on_stdin(channel, condition):
    line = channel.readline()
    if not line:
        loop.quit()
        return False
    words = line.split()
    try:
        if len(words) == 4 and words[0] == "mount":
            mount(words[1], int(words[2]), words[3])
    except Exception as error:  # a bad line must not stop the watch that notices the parent ending
        print(f"rtsp-server.py: {line.strip()}: {error}", file=sys.stderr, flush=True)
    return True


server.attach(None)
print(f"port {server.get_bound_port()}", flush=True)
loop = GLib.MainLoop()
GLib.io_add_watch(GLib.IOChannel.unix_new(sys.stdin.fileno()), GLib.IO_IN | GLib.IO_HUP, on_stdin)
loop.run()
