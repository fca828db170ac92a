# workerd config for the capture tests: one Worker on the "http" socket and its inspector
# (the test asks for port 0 with --socket-addr and --inspector-addr, and reads the ports
# the kernel gave back from --control-fd's events).
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [(name = "main", worker = .worker)],
  sockets = [(name = "http", address = "127.0.0.1:0", http = (), service = "main")],
);

const worker :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "worker.js")],
  compatibilityDate = "2024-01-01",
);
