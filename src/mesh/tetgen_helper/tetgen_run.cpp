#include "tetgen_helper/tetgen_run.h"

#include <tetgen.h>

#include <fmt/format.h>

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <type_traits>

namespace contactlab::mesh_detail {
namespace {

std::string tetgen_error_message(int code) {
  switch (code) {
    case 1:
      return "TetGen ran out of memory";
    case 2:
      return "TetGen reported an internal error";
    case 3:
      return "TetGen found a self-intersection in the input surface";
    case 4:
      return "TetGen found an input feature (edge or vertex distance) too small for its tolerance";
    case 5:
      return "TetGen found two nearly coplanar, very close input facets";
    case 10:
      return "TetGen rejected the switches";
    default:
      return fmt::format("TetGen failed with error code {}", code);
  }
}

// Fills TetGen's input: one facet (a single triangle polygon) per input triangle, marker index+1.
// tetgenio's destructor frees these arrays with delete[].
void fill_input(const TetGenRequest& request, tetgenio& in) {
  in.firstnumber = 0;
  in.numberofpoints = static_cast<int>(request.points.size() / 3);
  in.pointlist = new REAL[request.points.size()];
  std::copy(request.points.begin(), request.points.end(), in.pointlist);
  in.numberoffacets = static_cast<int>(request.triangles.size() / 3);
  in.facetlist = new tetgenio::facet[static_cast<std::size_t>(in.numberoffacets)];
  in.facetmarkerlist = new int[static_cast<std::size_t>(in.numberoffacets)];
  for (int t = 0; t < in.numberoffacets; ++t) {
    tetgenio::facet& f = in.facetlist[t];
    tetgenio::init(&f);
    f.numberofpolygons = 1;
    f.polygonlist = new tetgenio::polygon[1];
    tetgenio::init(&f.polygonlist[0]);
    f.polygonlist[0].numberofvertices = 3;
    f.polygonlist[0].vertexlist = new int[3];
    for (int k = 0; k < 3; ++k) f.polygonlist[0].vertexlist[k] = request.triangles[3 * static_cast<std::size_t>(t) + k];
    in.facetmarkerlist[t] = t + 1;
  }
}

// Runs TetGen; its errors (thrown as int in library mode) become TetGenFailure.
void run_tetgen(const std::string& switches, tetgenio& in, tetgenio& out) {
  std::vector<char> buffer(switches.begin(), switches.end());
  buffer.push_back('\0');
  try {
    ::tetrahedralize(buffer.data(), &in, &out);
  } catch (int code) {
    throw TetGenFailure{"tetrahedralize",
                        fmt::format("{} (switches \"{}\", code {})", tetgen_error_message(code), switches, code)};
  }
}

constexpr char kResultTag = 'R';
constexpr char kFailureTag = 'F';

template <typename T>
void put(std::string& out, const T& value) {
  out.append(reinterpret_cast<const char*>(&value), sizeof(T));
}
template <typename T>
void put_array(std::string& out, const std::vector<T>& values) {
  out.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
}
void put_text(std::string& out, const std::string& text) {
  put<std::uint64_t>(out, text.size());
  out += text;
}

// Reads the encodings of tetgen_run.h; every get is false when the bytes are short.
class Decoder {
 public:
  explicit Decoder(std::string_view bytes) : bytes_(bytes) {}
  bool done() const { return pos_ == bytes_.size(); }
  template <typename T>
  bool get(T& value) {
    if (bytes_.size() - pos_ < sizeof(T)) return false;
    std::memcpy(&value, bytes_.data() + pos_, sizeof(T));
    pos_ += sizeof(T);
    return true;
  }
  template <typename T>
  bool get_array(std::vector<T>& values, std::uint64_t count) {
    if (count > (bytes_.size() - pos_) / sizeof(T)) return false;
    values.resize(static_cast<std::size_t>(count));
    if (count > 0) std::memcpy(values.data(), bytes_.data() + pos_, static_cast<std::size_t>(count) * sizeof(T));
    pos_ += static_cast<std::size_t>(count) * sizeof(T);
    return true;
  }
  bool get_text(std::string& text) {
    std::uint64_t size = 0;
    if (!get(size) || size > bytes_.size() - pos_) return false;
    text.assign(bytes_.data() + pos_, static_cast<std::size_t>(size));
    pos_ += static_cast<std::size_t>(size);
    return true;
  }

 private:
  std::string_view bytes_;
  std::size_t pos_ = 0;
};

constexpr std::uint64_t kMaxCount = std::numeric_limits<int>::max();

// Writes all of `bytes` to `fd`, retrying partial writes and EINTR; false on any other error.
bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

}  // namespace

RawTetGenOutput run_tetgen_stages(const TetGenRequest& request, const std::function<void(Stage)>& on_stage) {
  tetgenio in, out;
  fill_input(request, in);
  // libtet 1.5.0 dereferences invalid memory (SIGSEGV, not an error code) when asked to mesh a
  // self-intersecting or self-touching surface, so first run its intersection detector ('d'),
  // which reports the intersecting facets as output faces instead of meshing.
  {
    on_stage(Stage::intersection_check);
    tetgenio intersections;
    run_tetgen(kIntersectionSwitches, in, intersections);
    if (intersections.numberoftrifaces > 0) {
      std::string faces;
      for (int i = 0; i < std::min(intersections.numberoftrifaces, 8); ++i) {
        const int marker = intersections.trifacemarkerlist ? intersections.trifacemarkerlist[i] : 0;
        faces += (i > 0 ? ", " : "") + (marker > 0 ? std::to_string(marker - 1) : std::string("?"));
      }
      if (intersections.numberoftrifaces > 8) faces += ", ...";
      throw TetGenFailure{"tetrahedralize input surface",
                          fmt::format("the surface intersects or touches itself: {} triangles involved ({})",
                                      intersections.numberoftrifaces, faces)};
    }
  }
  on_stage(Stage::meshing);
  run_tetgen(request.switches, in, out);

  RawTetGenOutput raw;
  raw.corners = out.numberofcorners;
  const auto copy = [](auto* first, int count, int per_item) {
    using T = std::remove_cv_t<std::remove_pointer_t<decltype(first)>>;
    if (first == nullptr || count <= 0) return std::vector<T>();
    return std::vector<T>(first, first + static_cast<std::size_t>(count) * static_cast<std::size_t>(per_item));
  };
  raw.points = copy(out.pointlist, out.numberofpoints, 3);
  raw.tets = copy(out.tetrahedronlist, out.numberoftetrahedra, std::max(out.numberofcorners, 0));
  raw.trifaces = copy(out.trifacelist, out.numberoftrifaces, 3);
  raw.has_markers = out.trifacemarkerlist != nullptr;
  if (raw.has_markers) raw.markers = copy(out.trifacemarkerlist, out.numberoftrifaces, 1);
  return raw;
}

std::string encode_request(const TetGenRequest& request) {
  std::string out;
  put_text(out, request.switches);
  put<std::uint64_t>(out, request.points.size() / 3);
  put<std::uint64_t>(out, request.triangles.size() / 3);
  put_array(out, request.points);
  put_array(out, request.triangles);
  return out;
}

bool decode_request(std::string_view bytes, TetGenRequest& request) {
  Decoder in(bytes);
  std::uint64_t n_points = 0, n_triangles = 0;
  if (!in.get_text(request.switches) || !in.get(n_points) || !in.get(n_triangles)) return false;
  if (n_points > kMaxCount / 3 || n_triangles > kMaxCount / 3) return false;
  if (!in.get_array(request.points, 3 * n_points) || !in.get_array(request.triangles, 3 * n_triangles) || !in.done()) {
    return false;
  }
  // TetGen trusts the indices; a request is checked like any input crossing a process boundary.
  return std::all_of(request.triangles.begin(), request.triangles.end(),
                     [&](int v) { return v >= 0 && static_cast<std::uint64_t>(v) < n_points; });
}

std::string encode_result(const RawTetGenOutput& raw) {
  std::string out(1, kResultTag);
  put<std::int32_t>(out, raw.corners);
  put<std::uint64_t>(out, raw.points.size() / 3);
  put<std::uint64_t>(out, raw.corners > 0 ? raw.tets.size() / static_cast<std::size_t>(raw.corners) : 0);
  put<std::uint64_t>(out, raw.trifaces.size() / 3);
  put<std::uint8_t>(out, raw.has_markers ? 1 : 0);
  put_array(out, raw.points);
  put_array(out, raw.tets);
  put_array(out, raw.trifaces);
  put_array(out, raw.markers);
  return out;
}

std::string encode_failure(const TetGenFailure& failure) {
  std::string out(1, kFailureTag);
  put_text(out, failure.source);
  put_text(out, failure.message);
  return out;
}

ReplyStages read_reply_stages(std::string_view bytes) {
  ReplyStages stages;
  while (stages.message_start < bytes.size() &&
         (bytes[stages.message_start] == static_cast<char>(Stage::intersection_check) ||
          bytes[stages.message_start] == static_cast<char>(Stage::meshing))) {
    stages.any = true;
    stages.last = static_cast<Stage>(bytes[stages.message_start]);
    ++stages.message_start;
  }
  return stages;
}

ReplyKind decode_reply(std::string_view bytes, RawTetGenOutput& raw, TetGenFailure& failure) {
  Decoder in(bytes);
  char tag = 0;
  if (!in.get(tag)) return ReplyKind::malformed;
  if (tag == kFailureTag) {
    return in.get_text(failure.source) && in.get_text(failure.message) && in.done() ? ReplyKind::failure
                                                                                    : ReplyKind::malformed;
  }
  if (tag != kResultTag) return ReplyKind::malformed;
  std::int32_t corners = 0;
  std::uint64_t n_points = 0, n_tets = 0, n_trifaces = 0;
  std::uint8_t has_markers = 0;
  if (!in.get(corners) || !in.get(n_points) || !in.get(n_tets) || !in.get(n_trifaces) || !in.get(has_markers)) {
    return ReplyKind::malformed;
  }
  if (corners < 0 || corners > 10 || n_points > kMaxCount / 3 || n_tets > kMaxCount / 10 ||
      n_trifaces > kMaxCount / 3 || has_markers > 1) {
    return ReplyKind::malformed;
  }
  raw.corners = corners;
  raw.has_markers = has_markers == 1;
  const bool complete = in.get_array(raw.points, 3 * n_points) &&
                        in.get_array(raw.tets, static_cast<std::uint64_t>(corners) * n_tets) &&
                        in.get_array(raw.trifaces, 3 * n_trifaces) &&
                        in.get_array(raw.markers, raw.has_markers ? n_trifaces : 0) && in.done();
  return complete ? ReplyKind::result : ReplyKind::malformed;
}

void tetgen_helper_main(int reply_fd) {
  std::string input;
  char buffer[65536];
  for (;;) {
    const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    input.append(buffer, static_cast<std::size_t>(n));
  }
  TetGenRequest request;
  if (!decode_request(input, request)) {
    std::fprintf(stderr,
                 "contactlab-tetgen: malformed request on stdin (%zu bytes); this program is started by "
                 "contactlab's tetrahedralize(), not by hand\n",
                 input.size());
    ::_exit(2);
  }
  const auto on_stage = [&](Stage stage) {
    if (!write_all(reply_fd, std::string_view(reinterpret_cast<const char*>(&stage), 1))) ::_exit(71);
  };
  std::string message;
  try {
    message = encode_result(run_tetgen_stages(request, on_stage));
  } catch (const TetGenFailure& failure) {
    message = encode_failure(failure);
  }
  if (!write_all(reply_fd, message)) ::_exit(71);
  std::fflush(stdout);  // TetGen's verbose output ('V')
  // _exit: no LeakSanitizer pass over TetGen's process-wide allocations, nothing else to run.
  ::_exit(0);
}

}  // namespace contactlab::mesh_detail
