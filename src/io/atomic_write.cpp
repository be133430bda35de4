#include "contactlab/io/atomic_write.h"

#include "contactlab/core/error.h"

#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>
#include <cstdio>
#include <cstring>

namespace contactlab {

void write_file_atomically(const std::string& path, const std::string& text) {
  std::string temp = path + ".XXXXXX";
  const int fd = ::mkstemp(temp.data());
  if (fd < 0) throw InputError(path, 0, std::string("cannot create a temporary file: ") + std::strerror(errno));
  std::size_t written = 0;
  int write_errno = 0;
  while (written < text.size()) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      write_errno = n < 0 ? errno : EIO;
      break;
    }
    written += static_cast<std::size_t>(n);
  }
  // mkstemp creates the file 0600; these files are ordinary documents (as write_scene_json does).
  const bool mode_ok = ::fchmod(fd, 0644) == 0;
  const bool closed = ::close(fd) == 0;
  if (written != text.size() || !closed || !mode_ok) {
    if (write_errno == 0) write_errno = errno != 0 ? errno : EIO;
    ::unlink(temp.c_str());
    throw InputError(path, 0, std::string("cannot write: ") + std::strerror(write_errno));
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    const int rename_errno = errno;
    ::unlink(temp.c_str());
    throw InputError(path, 0, std::string("cannot write: ") + std::strerror(rename_errno));
  }
}

}  // namespace contactlab
